import { useInsightsTranslation } from '../insights/i18n/insightsNamespace.js';
import type { TrailEvent } from './auditTrail.js';
import type { ReplayStep } from './replayModel.js';

const roles = ['passenger', 'driver', 'admin', 'staff', 'system'] as const;
const isRole = (role: string | null): role is (typeof roles)[number] => roles.includes(role as (typeof roles)[number]);

/** Seconds shown too: several events often share a minute. */
const timeOf = (iso: string, language: string) =>
  new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Africa/Lusaka' });

function Actor({ metadata }: { metadata: TrailEvent['metadata'] }) {
  const { t } = useInsightsTranslation();
  const role = isRole(metadata.role) ? t(`replay.events.roles.${metadata.role}`) : metadata.role;
  const who = metadata.userName ?? (metadata.role === 'system' ? metadata.userId : metadata.userId && t('replay.events.unknownActor'));
  return (
    <>
      {[role, who].filter(Boolean).join(' · ')}
      {metadata.userId && metadata.userName === null && metadata.role !== 'system' && <code className="trail-event__id"> {metadata.userId}</code>}
    </>
  );
}

/**
 * Every event of the trail with its time, who did it and its data (PINs arrive masked), in the
 * order they happened. Each one is a way to jump the replay to the step after it.
 */
export function TrailEventList({ steps, current, onSelect }: { steps: readonly ReplayStep[]; current: number; onSelect(step: number): void }) {
  const { t, i18n } = useInsightsTranslation();
  const events = steps.flatMap(({ index, event, source }) => (event ? [{ index, event, source }] : []));
  return (
    <section className="card trail-events" aria-labelledby="trail-events-title">
      <h2 id="trail-events-title">{t('replay.events.title')}</h2>
      <p className="fine-print">{t('replay.events.count', { count: events.length })}</p>
      <ol className="trail-events__list" data-testid="trail-events">
        {events.map(({ index, event, source }) => (
          <li key={index} className={`trail-event${index === current ? ' trail-event--current' : ''}${index > current ? ' trail-event--later' : ''}`} aria-current={index === current ? 'step' : undefined} data-event-type={event.type}>
            <button type="button" className="link-button trail-event__go" onClick={() => onSelect(index)}>
              <span className="visually-hidden">{t('replay.events.goTo')} </span>
              {index}. <code>{event.type}</code>
            </button>
            <dl className="trail-event__facts">
              <div>
                <dt>{t('replay.events.time')}</dt>
                <dd>
                  <time dateTime={event.time}>{timeOf(event.time, i18n.language)}</time>
                </dd>
              </div>
              <div>
                <dt>{t('replay.events.actor')}</dt>
                <dd>
                  <Actor metadata={event.metadata} />
                </dd>
              </div>
              <div>
                <dt>{t('replay.events.source')}</dt>
                <dd>
                  {t(`replay.events.sources.${source ?? 'other'}`)} <code className="trail-event__id">{event.streamName}</code>
                </dd>
              </div>
            </dl>
            <div className="trail-event__data">
              <span className="replay-state__label">{t('replay.events.data')}</span>
              <pre>{JSON.stringify(event.data, null, 2)}</pre>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
