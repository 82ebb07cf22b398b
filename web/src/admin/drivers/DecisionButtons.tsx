import { serverMessageOr } from '../../api/http.js';
import { useToast } from '../../toast/Toaster.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { decisionsFor, useDriverDecision, type AdminDriver, type ReasonRequest } from './driversApi.js';

/** The decisions the driver's status allows: approve and reinstate at once, reject and suspend after asking why. */
export function DecisionButtons({ driver, onReason }: { driver: AdminDriver; onReason(request: ReasonRequest): void }) {
  const { t } = useAdminTranslation();
  const toast = useToast();
  const decision = useDriverDecision();
  const name = driver.userName ?? driver.driverId;
  const decideAtOnce = (kind: 'approve' | 'reinstate') =>
    decision.mutate(
      { driverId: driver.driverId, decision: { kind } },
      {
        onSuccess: () => toast({ title: t(kind === 'approve' ? 'drivers.approved' : 'drivers.reinstated', { name }) }),
        onError: (error) => toast({ title: t('drivers.decisionFailed'), description: serverMessageOr(error, t('users.tryAgain')), variant: 'destructive' }),
      },
    );
  return (
    <>
      {decisionsFor(driver.verificationStatus).map((kind) =>
        kind === 'approve' || kind === 'reinstate' ? (
          <button key={kind} type="button" className="button button--primary" disabled={decision.isPending} onClick={() => decideAtOnce(kind)}>
            {t(`drivers.actions.${kind}`)}
            <span className="visually-hidden"> {name}</span>
          </button>
        ) : (
          <button key={kind} type="button" className="button button--ghost admin-danger-text" onClick={() => onReason({ driver, kind })}>
            {t(`drivers.actions.${kind}`)}
            <span className="visually-hidden"> {name}</span>
          </button>
        ),
      )}
    </>
  );
}
