import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriverProfile } from './driverApi.js';
import { useDuty } from './useDuty.js';

/** The online/offline switch (spec 001 §2). */
export function DutySwitch({ profile, userId }: { profile: DriverProfile; userId: string }) {
  const { t } = useTranslation();
  const toggle = useDuty(profile, userId);
  // What the driver asked for shows at once, until the server has answered.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const online = wanted ?? profile.isOnline;
  return (
    <section className="card card--row duty-switch" aria-labelledby="duty-title">
      <div>
        <h2 id="duty-title" className="duty-switch__title">
          {t(online ? 'driver.duty.online' : 'driver.duty.offline')}
        </h2>
        <p className="fine-print">{t(online ? 'driver.duty.onlineHint' : 'driver.duty.offlineHint')}</p>
      </div>
      <label className="duty-switch__control">
        <span className="visually-hidden">{t('driver.duty.label')}</span>
        <input
          type="checkbox"
          role="switch"
          className="switch"
          checked={online}
          disabled={toggle.isPending}
          onChange={(event) => {
            setWanted(event.target.checked);
            toggle.mutate(event.target.checked, { onSettled: () => setWanted(null) });
          }}
          data-testid="duty-switch"
        />
      </label>
    </section>
  );
}
