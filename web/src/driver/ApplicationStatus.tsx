import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentUploads } from '../documents/DocumentUploads.js';
import type { DriverProfile } from './driverApi.js';
import { RegistrationForm } from './RegistrationForm.js';

/**
 * An application that is not (or no longer) approved: what it means and what happens next.
 * A rejected driver may apply again with corrected documents; a suspended one waits for the team.
 * Below it, the driver uploads a photo or PDF of each document and photos of the vehicle.
 */
export function ApplicationStatus({ profile, userId, onSubmitted }: { profile: DriverProfile; userId: string; onSubmitted: (profile: DriverProfile) => void }) {
  const { t } = useTranslation();
  const [reapplying, setReapplying] = useState(false);
  const status = profile.verificationStatus as 'pending' | 'rejected' | 'suspended';
  if (reapplying) {
    return (
      <RegistrationForm
        userId={userId}
        resubmission
        onSubmitted={(sent) => {
          setReapplying(false);
          onSubmitted(sent);
        }}
      />
    );
  }
  return (
    <>
    <section className={`card${status === 'pending' ? ' card--highlight' : ' card--alert'}`} aria-labelledby="application-title" data-testid="application-status">
      <h2 id="application-title">{t(`driver.application.${status}Title`)}</h2>
      <p>{t(`driver.application.${status}Body`)}</p>
      {profile.decisionReason && status !== 'pending' && (
        <p>
          <strong>{t('driver.application.reason')}</strong> {profile.decisionReason}
        </p>
      )}
      {profile.vehicle && (
        <p className="fine-print">
          {t('driver.application.vehicle', { make: profile.vehicle.make, model: profile.vehicle.model, plate: profile.vehicle.plateNumber })}
        </p>
      )}
      {status === 'rejected' && (
        <button type="button" className="button button--primary" onClick={() => setReapplying(true)}>
          {t('driver.application.reapply')}
        </button>
      )}
    </section>
    {/* The photos or PDFs of the documents, for the team reviewing the application. */}
    <DocumentUploads driverId={profile.driverId} />
    </>
  );
}
