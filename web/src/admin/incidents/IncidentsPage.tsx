import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { IncidentOutcome } from '../../../../domain/incident/index.js';
import { postJson } from '../../api/http.js';
import { formatZambianPhone } from '../../format/phone.js';
import { PathLink } from '../../shell/PathLink.js';
import { formatDateTime } from '../format/adminTime.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { AdminDialog } from '../ui/AdminDialog.js';
import { RequestError } from '../ui/RequestError.js';
import { IncidentEvidence } from './IncidentEvidence.js';
import { incidentsQueryOptions, type Incident, type IncidentState } from './incidentsApi.js';

const outcomes: readonly IncidentOutcome[] = ['false_alarm', 'assisted', 'escalated_to_police', 'medical', 'other'];

/**
 * /admin/incidents — the incident queue (issue 13): SOS presses and unanswered ride checks, kept
 * live by the admin socket. Each shows its causes, the ride and the people on it, the driver's last
 * position and the rider's trusted contacts; an admin acknowledges (the re-alerts stop) and
 * resolves with an outcome and a note. Every step is an event on the ride's incident stream, so
 * the ride's audit trail replays it.
 */
export function IncidentsPage() {
  const { t } = useAdminTranslation();
  const [state, setState] = useState<IncidentState>('open');
  const incidents = useQuery(incidentsQueryOptions(state));
  const id = useId();
  return (
    <div className="admin-page incidents-page" data-testid="incidents-page">
      <h1>{t('incidents.title')}</h1>
      <p className="fine-print">{t('incidents.intro')}</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-state`}>
          {t('incidents.filter')}
        </label>
        <select id={`${id}-state`} className="input" value={state} onChange={(event) => setState(event.target.value as IncidentState)}>
          <option value="open">{t('incidents.states.open')}</option>
          <option value="resolved">{t('incidents.states.resolved')}</option>
        </select>
      </div>
      {incidents.isPending ? (
        <p role="status">{t('incidents.loading')}</p>
      ) : incidents.isError ? (
        <p role="alert">{t('incidents.failed')}</p>
      ) : incidents.data.incidents.length === 0 ? (
        <p>{t('incidents.empty')}</p>
      ) : (
        <ul className="incidents-list">
          {incidents.data.incidents.map((incident) => (
            <li key={incident.incidentId}>
              <IncidentCard incident={incident} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function IncidentCard({ incident }: { incident: Incident }) {
  const { t, i18n } = useAdminTranslation();
  const queryClient = useQueryClient();
  const [resolving, setResolving] = useState(false);
  const titleId = useId();
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['/api/admin/incidents'] });
  const acknowledge = useMutation({
    mutationFn: () => postJson<Incident>(`/api/admin/incidents/${encodeURIComponent(incident.incidentId)}/acknowledge`, {}),
    onSuccess: refresh,
  });
  const causeText = (cause: Incident['causes'][number]) =>
    cause.kind === 'sos'
      ? cause.party === 'driver'
        ? t('incidents.causes.sosDriver')
        : t('incidents.causes.sosRider')
      : t('incidents.causes.check', {
          reason: cause.reason ? t(`incidents.reasons.${cause.reason}`) : '',
          answer: cause.answer ? t(`incidents.answers.${cause.answer}`) : '',
        });
  const ride = incident.ride;
  return (
    <article className={`card incident incident--${incident.status}`} aria-labelledby={titleId} data-testid="incident" data-ride-id={incident.rideId}>
      <h2 id={titleId} className="incident__title">
        {causeText(incident.causes[0]!)}
        <span className={`badge${incident.status === 'raised' ? ' badge--danger' : incident.status === 'resolved' ? ' badge--success' : ''}`} data-testid="incident-status">
          {t(`incidents.status.${incident.status}`)}
        </span>
      </h2>
      <p className="fine-print">
        {t('incidents.raised', { time: when(incident.raisedAt) })} · {t('incidents.alerts', { count: incident.alertCount })}
        {incident.acknowledgedAt && <> · {t('incidents.acknowledged', { time: when(incident.acknowledgedAt) })}</>}
      </p>
      {incident.causes.length > 1 && (
        <ul className="incident__causes">
          {incident.causes.slice(1).map((cause) => (
            <li key={cause.at}>
              {causeText(cause)} · {when(cause.at)}
            </li>
          ))}
        </ul>
      )}
      <dl className="incident__facts">
        <dt>{t('incidents.ride', { rideId: '' }).trim()}</dt>
        <dd>
          <PathLink href={`/admin/rides/${encodeURIComponent(incident.rideId)}`}>{t('incidents.auditTrail')}</PathLink>
          {ride && (
            <>
              <br />
              {ride.pickupAddress} → {ride.dropoffAddress}
            </>
          )}
        </dd>
        {ride && (
          <>
            <dt>{t('incidents.rider')}</dt>
            <dd>
              {ride.rider.name}
              {ride.rider.phone && (
                <>
                  {' · '}
                  <a href={`tel:${ride.rider.phone}`}>{formatZambianPhone(ride.rider.phone)}</a>
                </>
              )}
            </dd>
            <dt>{t('incidents.driver')}</dt>
            <dd>
              {ride.driver ? (
                <>
                  {ride.driver.name}
                  {ride.driver.phone && (
                    <>
                      {' · '}
                      <a href={`tel:${ride.driver.phone}`}>{formatZambianPhone(ride.driver.phone)}</a>
                    </>
                  )}
                </>
              ) : (
                t('incidents.noDriver')
              )}
            </dd>
            <dt>{t('incidents.position')}</dt>
            <dd>
              {ride.position ? (
                <a href={`https://www.openstreetmap.org/?mlat=${ride.position.lat}&mlon=${ride.position.lng}#map=17/${ride.position.lat}/${ride.position.lng}`} target="_blank" rel="noreferrer">
                  {ride.position.lat.toFixed(5)}, {ride.position.lng.toFixed(5)} · {when(ride.position.at)}
                </a>
              ) : (
                t('incidents.noPosition')
              )}
            </dd>
          </>
        )}
        <dt>{t('incidents.contacts')}</dt>
        <dd data-testid="incident-contacts">
          {incident.trustedContacts.length === 0
            ? t('incidents.noContacts')
            : incident.trustedContacts.map((contact) => `${contact.name} (${formatZambianPhone(contact.phone)})`).join(', ')}
        </dd>
      </dl>
      {incident.status !== 'raised' && <IncidentEvidence incident={incident} />}
      {incident.status === 'resolved' && incident.outcome && (
        <p>{t('incidents.resolvedAs', { outcome: t(`incidents.outcomes.${incident.outcome}`), note: incident.note ?? '' })}</p>
      )}
      <div className="button-row">
        {incident.status === 'raised' && (
          <button type="button" className="button button--primary" disabled={acknowledge.isPending} onClick={() => acknowledge.mutate()}>
            {acknowledge.isPending ? t('incidents.acknowledging') : t('incidents.acknowledge')}
          </button>
        )}
        {incident.status !== 'resolved' && (
          <button type="button" className="button button--secondary" onClick={() => setResolving(true)}>
            {t('incidents.resolve')}
          </button>
        )}
      </div>
      <RequestError request={acknowledge} fallback={t('incidents.actionFailed')} />
      <AdminDialog open={resolving} title={t('incidents.resolveTitle')} onClose={() => setResolving(false)}>
        <ResolveForm incident={incident} onDone={() => {
          setResolving(false);
          refresh();
        }} />
      </AdminDialog>
    </article>
  );
}

function ResolveForm({ incident, onDone }: { incident: Incident; onDone: () => void }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const [outcome, setOutcome] = useState<IncidentOutcome>('assisted');
  const [note, setNote] = useState('');
  const resolve = useMutation({
    mutationFn: () => postJson<Incident>(`/api/admin/incidents/${encodeURIComponent(incident.incidentId)}/resolve`, { outcome, note }),
    onSuccess: onDone,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    resolve.mutate();
  };
  return (
    <form onSubmit={submit}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-outcome`}>
          {t('incidents.outcome')}
        </label>
        <select id={`${id}-outcome`} className="input" value={outcome} onChange={(event) => setOutcome(event.target.value as IncidentOutcome)}>
          {outcomes.map((value) => (
            <option key={value} value={value}>
              {t(`incidents.outcomes.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-note`}>
          {t('incidents.note')}
        </label>
        <textarea id={`${id}-note`} className="input" required maxLength={2000} rows={3} value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      <RequestError request={resolve} fallback={t('incidents.actionFailed')} />
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={resolve.isPending || note.trim() === ''}>
          {resolve.isPending ? t('incidents.resolving') : t('incidents.resolve')}
        </button>
      </div>
    </form>
  );
}
