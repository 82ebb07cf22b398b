import { useTranslation } from 'react-i18next';
import { dialable, emergencyContacts } from '../../../domain/catalogue/emergency.js';
import { formatZambianPhone } from '../format/phone.js';
import { currentPosition } from './currentPosition.js';
import { useRideCommand } from './useRideCommand.js';

/**
 * The emergency button (spec 001 §2 safety toolkit): raises an emergency on the ride (with where
 * the phone is, when it knows) for the operations team. Once raised the panel says EMERGENCY
 * ACTIVE; nothing resets it. Police, ambulance and Lifeline are always one tap away.
 */
export function EmergencyPanel({ rideId, active, canRaise }: { rideId: string; active: boolean; canRaise: boolean }) {
  const { t } = useTranslation();
  const raise = useRideCommand<{ location: { lat: number; lng: number } | null }>(rideId, 'emergency', t('tracking.emergency.failed'));
  const press = async () => raise.mutate({ location: await currentPosition(3_000) });
  return (
    <section className={`card emergency-panel${active ? ' emergency-panel--active' : ''}`} aria-labelledby="emergency-panel-title">
      <h2 id="emergency-panel-title">{t('tracking.emergency.title')}</h2>
      {active ? (
        <p className="emergency-panel__active" role="alert" data-testid="emergency-active">
          {t('tracking.emergency.active')}
        </p>
      ) : (
        canRaise && (
          <button type="button" className="button ride-danger button--large button--block" disabled={raise.isPending} onClick={() => void press()}>
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
    </section>
  );
}
