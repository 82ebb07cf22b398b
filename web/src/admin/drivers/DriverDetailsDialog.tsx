import { useTranslation } from 'react-i18next';
import type { DriverDocumentKind } from '../../../../domain/driverVerification/documents.js';
import { DocumentFilesView } from '../../documents/DocumentFilesView.js';
import { formatDate } from '../format/adminTime.js';
import { useAdminTranslation } from '../i18n/adminNamespace.js';
import { AdminDialog } from '../ui/AdminDialog.js';
import { DecisionButtons } from './DecisionButtons.js';
import { documentState, type AdminDriver, type ReasonRequest } from './driversApi.js';
import { statusTone } from './DriversTable.js';

const documentTone = { valid: 'admin-status--good', expiring: 'admin-status--waiting', expired: 'admin-status--bad' } as const;

/** Everything the application says: the person, the licence, the vehicle, the six documents with their expiry, the latest decision. */
export function DriverDetailsDialog({ driver, onClose, onReason }: { driver: AdminDriver | null; onClose(): void; onReason(request: ReasonRequest): void }) {
  const { t } = useAdminTranslation();
  return (
    <AdminDialog open={driver !== null} title={t('drivers.detailsTitle', { name: driver?.userName ?? driver?.driverId ?? '' })} onClose={onClose}>
      {driver && <DriverDetails driver={driver} onReason={onReason} />}
    </AdminDialog>
  );
}

function DriverDetails({ driver, onReason }: { driver: AdminDriver; onReason(request: ReasonRequest): void }) {
  const { t, i18n } = useAdminTranslation();
  const app = useTranslation();
  const { vehicle } = driver;
  const now = new Date();
  return (
    <div className="admin-details">
      <dl className="admin-details__facts">
        <dt>{t('drivers.details.status')}</dt>
        <dd>
          <span className={`admin-status ${statusTone[driver.verificationStatus]}`}>{t(`drivers.statuses.${driver.verificationStatus}`)}</span>
        </dd>
        <dt>{t('drivers.details.contact')}</dt>
        <dd>{[driver.userEmail, driver.userPhone].filter(Boolean).join(' · ') || '—'}</dd>
        <dt>{t('drivers.details.licence')}</dt>
        <dd>{driver.licenceNumber ?? '—'}</dd>
        <dt>{t('drivers.details.vehicle')}</dt>
        <dd>
          {vehicle
            ? `${[vehicle.make, vehicle.model, vehicle.year].filter(Boolean).join(' ')}, ${vehicle.colour} · ${vehicle.plateNumber} · ${app.t(`catalogue.vehicles.${vehicle.type}.name`)}`
            : '—'}
        </dd>
        <dt>{t('drivers.details.applications')}</dt>
        <dd>{driver.applications}</dd>
        {driver.decisionReason && (
          <>
            <dt>{t('drivers.details.reason')}</dt>
            <dd>{driver.decisionReason}</dd>
          </>
        )}
      </dl>
      <h3>{t('drivers.details.documents')}</h3>
      {driver.documents.length === 0 ? (
        <p className="fine-print">{t('drivers.details.noDocuments')}</p>
      ) : (
        <ol className="admin-documents">
          {driver.documents.map((document) => {
            const state = documentState(document.expiresOn, now);
            return (
              <li key={document.kind}>
                <strong>{app.t(`driver.documents.${document.kind as DriverDocumentKind}`)}</strong>
                <span className="fine-print">{t('drivers.details.reference', { reference: document.reference })}</span>
                <span>
                  {t('drivers.details.expires', { date: formatDate(`${document.expiresOn}T12:00:00+02:00`, i18n.language) })}{' '}
                  <span className={`admin-status ${documentTone[state]}`}>{t(`drivers.documentStates.${state}`)}</span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <h3>{t('drivers.details.files')}</h3>
      <DocumentFilesView driverId={driver.driverId} t={(key, values) => t(key as 'drivers.details.files', values)} formatDate={(iso) => formatDate(iso, i18n.language)} />
      <div className="button-row">
        <DecisionButtons driver={driver} onReason={onReason} />
      </div>
    </div>
  );
}
