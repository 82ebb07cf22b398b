import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialable, emergencyContacts } from '../../../domain/catalogue/emergency.js';
import { formatZambianPhone } from '../format/phone.js';
import { trustedContactsQueryOptions } from '../safety/safetyApi.js';
import { PathLink } from '../shell/PathLink.js';
import { useModalDialog } from '../shell/useModalDialog.js';
import { currentPosition } from './currentPosition.js';
import { useRideCommand } from './useRideCommand.js';
import './tracking.css';

/**
 * The emergency button (spec 001 §2 safety toolkit): asks once to be sure, then raises an
 * emergency on the ride (with where the phone is, when it knows). The server opens an incident
 * that reaches every admin live and texts the rider's trusted contacts a share link. Once raised
 * the panel says EMERGENCY ACTIVE and who was alerted; nothing resets it. Police, ambulance and
 * Lifeline are always one tap away.
 */
export function EmergencyPanel({ rideId, active, canRaise, party }: { rideId: string; active: boolean; canRaise: boolean; party: 'rider' | 'driver' | null }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const raise = useRideCommand<{ location: { lat: number; lng: number } | null }>(rideId, 'emergency', t('tracking.emergency.failed'));
  const press = async () => {
    setConfirming(false);
    raise.mutate({ location: await currentPosition(3_000) });
  };
  return (
    <section className={`card emergency-panel${active ? ' emergency-panel--active' : ''}`} aria-labelledby="emergency-panel-title" data-testid="emergency-panel">
      <h2 id="emergency-panel-title">{t('tracking.emergency.title')}</h2>
      {active ? (
        <>
          <p className="emergency-panel__active" role="alert" data-testid="emergency-active">
            {t('tracking.emergency.active')}
          </p>
          <WhoWasAlerted party={party} />
        </>
      ) : (
        canRaise && (
          <button type="button" className="button ride-danger button--large button--block" disabled={raise.isPending} onClick={() => setConfirming(true)}>
            {raise.isPending ? t('tracking.emergency.raising') : t('tracking.emergency.button')}
          </button>
        )
      )}
      <p className="fine-print">{t(active ? 'tracking.emergency.activeHint' : 'tracking.emergency.hint')}</p>
      <ul className="emergency-panel__numbers">
        {emergencyContacts.map((contact) =>
          contact.numbers.map((number) => (
            <li key={`${contact.service}-${number}`}>
              <a className="button button--secondary" href={`tel:${dialable(number)}`}>
                {t('emergency.call', { service: t(`emergency.${contact.service}`), number: formatZambianPhone(number) })}
              </a>
            </li>
          )),
        )}
      </ul>
      <ConfirmSos open={confirming} onCancel={() => setConfirming(false)} onConfirm={() => void press()} />
    </section>
  );
}

/** One deliberate step between a pocket tap and the safety team: the dialog says what will happen. */
function ConfirmSos({ open, onCancel, onConfirm }: { open: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  const dialogProps = useModalDialog(open, onCancel);
  const titleId = useId();
  const bodyId = useId();
  return (
    <dialog {...dialogProps} className="sos-dialog" aria-labelledby={titleId} aria-describedby={bodyId} data-testid="sos-confirm">
      <h2 id={titleId}>{t('safety.sos.confirmTitle')}</h2>
      <p id={bodyId}>{t('safety.sos.confirmBody')}</p>
      <div className="button-row">
        <button type="button" className="button ride-danger button--large" onClick={onConfirm}>
          {t('safety.sos.confirm')}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('safety.sos.cancel')}
        </button>
      </div>
    </dialog>
  );
}

/** After an SOS: the safety team, and for a rider the trusted contacts texted (or a way to add some). */
function WhoWasAlerted({ party }: { party: 'rider' | 'driver' | null }) {
  const { t } = useTranslation();
  const contacts = useQuery({ ...trustedContactsQueryOptions(), enabled: party === 'rider' });
  const names = contacts.data?.contacts.map((contact) => contact.name) ?? [];
  return (
    <div className="sos-alerted" data-testid="sos-alerted">
      <h3>{t('safety.sos.alertedTitle')}</h3>
      <ul>
        <li>{t('safety.sos.alertedTeam')}</li>
        {party === 'rider' && names.length > 0 && <li>{t('safety.sos.alertedContacts', { names: names.join(', ') })}</li>}
      </ul>
      {party === 'rider' && contacts.isSuccess && names.length === 0 && (
        <p className="fine-print">
          <PathLink href="/safety/contacts">{t('safety.sos.noContacts')}</PathLink>
        </p>
      )}
      <p className="fine-print">{t('safety.sos.next')}</p>
    </div>
  );
}
