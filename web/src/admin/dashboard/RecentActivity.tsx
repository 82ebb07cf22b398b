import { useQuery } from '@tanstack/react-query';
import { formatZmw } from '../../../../domain/fare/money.js';
import { PathLink } from '../../shell/PathLink.js';
import { formatDateTime } from '../format/adminTime.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { recentActivityQueryOptions, type ActivityEntry } from './dashboardApi.js';

/** The latest notable events (rides, driver decisions, settings), from the activity read model. */
export function RecentActivity() {
  const { t } = useAdminTranslation();
  const activity = useQuery(recentActivityQueryOptions());
  return (
    <section className="card" aria-labelledby="admin-activity-title">
      <h2 id="admin-activity-title">{t('dashboard.activity.title')}</h2>
      {activity.isPending ? (
        <p role="status">{t('dashboard.loading')}</p>
      ) : activity.isError ? (
        <p role="alert">{t('dashboard.activity.failed')}</p>
      ) : activity.data.length === 0 ? (
        <p className="fine-print">{t('dashboard.activity.empty')}</p>
      ) : (
        <ol className="admin-activity" data-testid="recent-activity">
          {activity.data.map((entry) => (
            <ActivityItem key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** The settings' labels on the settings screen; the search window is shown there in minutes. */
const settingLabelKey = {
  surgeEnabled: 'surgeEnabled',
  weather: 'weather',
  bidWindowSeconds: 'bidWindowSeconds',
  searchWindowSeconds: 'searchWindowMinutes',
  scheduledDispatchLeadMinutes: 'scheduledDispatchLeadMinutes',
} as const;
const isSettingName = (name: string): name is keyof typeof settingLabelKey => Object.hasOwn(settingLabelKey, name);

function ActivityItem({ entry }: { entry: ActivityEntry }) {
  const { t, i18n } = useAdminTranslation();
  const { details } = entry;
  const subject =
    entry.subject.type === 'settings'
      ? (details.changed ?? []).filter(isSettingName).map((name) => t(`settings.fields.${settingLabelKey[name]}.label`)).join(', ')
      : (entry.subject.label ?? entry.subject.id);
  const detail = details.reason ?? (details.fareNgwee === undefined || entry.kind === 'ride_requested' ? undefined : formatZmw(details.fareNgwee));
  const actor = entry.actor.name ?? (entry.actor.role ? t(`dashboard.activity.roles.${roleKey(entry.actor.role)}`) : t('dashboard.activity.roles.system'));
  const text = t(`dashboard.activity.kinds.${entry.kind}`, { subject });
  const href = entry.subject.type === 'ride' ? `/admin/rides/${encodeURIComponent(entry.subject.id)}` : entry.subject.type === 'driver' ? '/admin/drivers' : '/admin/settings';
  return (
    <li className="admin-activity__item">
      <PathLink href={href} className="admin-activity__text">
        {text}
      </PathLink>
      {detail && <span className="admin-activity__detail">{detail}</span>}
      <span className="fine-print">
        <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.language)}</time> · {t('dashboard.activity.by', { actor })}
      </span>
    </li>
  );
}

const roles = ['passenger', 'driver', 'admin', 'staff', 'system'] as const;
const roleKey = (role: string): (typeof roles)[number] => ((roles as readonly string[]).includes(role) ? (role as (typeof roles)[number]) : 'system');
