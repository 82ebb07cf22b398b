import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveMessage } from '../live/liveMessages.js';
import { liveQueryKeys } from '../live/liveQueryKeys.js';
import { useLiveUpdates } from '../live/useLiveUpdates.js';
import { Tabs } from '../support/Tabs.js';
import { useToast } from '../toast/Toaster.js';
import { ActiveRide } from './ActiveRide.js';
import { ApplicationStatus } from './ApplicationStatus.js';
import { AvailableRides } from './AvailableRides.js';
import { driverProfileQueryOptions, type DriverProfile } from './driverApi.js';
import { DutySwitch } from './DutySwitch.js';
import { EarningsTab } from './EarningsTab.js';
import { RegistrationForm } from './RegistrationForm.js';
import { RideHistory } from './RideHistory.js';
import { StatCards } from './StatCards.js';
import { StatementTab } from './StatementTab.js';

type Tab = 'available' | 'history' | 'earnings' | 'statement';

interface DriverUser {
  id: string;
  userType: string;
}

/**
 * /driver (spec 001 §2): the application for a driver who has not applied, its state while it
 * is not approved, and for an approved driver the dashboard — duty switch, figures, requests,
 * history, earnings, and the ride in hand.
 */
export function DriverDashboard({ user }: { user: DriverUser }) {
  const { t } = useTranslation();
  // An application just sent, until the profile read model has caught up with it.
  const [sent, setSent] = useState<DriverProfile | null>(null);
  const profile = useQuery({
    ...driverProfileQueryOptions(user.id),
    // While under review, look again now and then: the admin's decision is not announced live.
    refetchInterval: (query) => (query.state.data?.verificationStatus === 'pending' || (sent && !query.state.data) ? REVIEW_POLL_MS : false),
  });
  if (profile.isPending) return <p role="status">{t('driver.loading')}</p>;
  if (profile.isError) {
    return (
      <p className="notice" role="alert">
        {t('driver.failed')}
      </p>
    );
  }
  const stale = sent && (!profile.data || (profile.data.submittedAt ?? '') < (sent.submittedAt ?? ''));
  const shown = stale ? sent : profile.data;
  if (!shown || shown.verificationStatus === 'not_applied') return <RegistrationForm userId={user.id} resubmission={false} onSubmitted={setSent} />;
  if (shown.verificationStatus !== 'approved') return <ApplicationStatus profile={shown} userId={user.id} onSubmitted={setSent} />;
  return <ApprovedDashboard profile={shown} user={user} />;
}

/** How often a driver whose application is under review checks for the decision. */
const REVIEW_POLL_MS = 15_000;

function ApprovedDashboard({ profile, user }: { profile: DriverProfile; user: DriverUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('available');
  // The ride in hand stays on screen after it ends (the driver still rates the rider) until dismissed.
  const [recentRideId, setRecentRideId] = useState<string | null>(profile.engagedRideId);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  // The profile names the ride once its read model has caught up; accepting (or a won bid) names it at once.
  if (profile.engagedRideId && !dismissed.has(profile.engagedRideId) && profile.engagedRideId !== recentRideId) setRecentRideId(profile.engagedRideId);
  const focusRideId = recentRideId && !dismissed.has(recentRideId) ? recentRideId : null;
  // A dismissed ride the profile still names: the release has not reached the read model yet.
  const staleEngagement = profile.engagedRideId !== null && dismissed.has(profile.engagedRideId);
  useQuery({ ...driverProfileQueryOptions(user.id), refetchInterval: staleEngagement ? 1_000 : false });

  const onMessage = (message: LiveMessage) => {
    if (message.type === 'new_ride') toast({ title: t('driver.live.newRide') });
    if (message.type === 'bid_update' && message.driverId === profile.driverId) {
      if (message.status === 'accepted') {
        toast({ title: t('driver.live.bidAccepted') });
        setRecentRideId(message.rideId);
      }
      if (message.status === 'rejected') toast({ title: t('driver.live.bidRejected'), variant: 'destructive' });
      if (message.status === 'expired') toast({ title: t('driver.live.bidExpired') });
    }
    if (message.type === 'ride_update' && message.event === 'RideCancelled' && message.driverId === profile.driverId) {
      toast({ title: t('driver.live.rideCancelled'), variant: 'destructive' });
    }
  };
  const { connected } = useLiveUpdates({ userId: user.id, rideId: focusRideId, onMessage });
  const dismiss = (rideId: string) => {
    setDismissed((was) => new Set([...was, rideId]));
    void queryClient.invalidateQueries({ queryKey: liveQueryKeys.driverRides(profile.driverId) });
    void queryClient.invalidateQueries({ queryKey: liveQueryKeys.driverProfile(user.id) });
  };

  return (
    <div className="driver-dashboard">
      <DutySwitch profile={profile} userId={user.id} />
      {focusRideId && <ActiveRide key={focusRideId} rideId={focusRideId} user={user} live={connected} onDone={() => dismiss(focusRideId)} />}
      <StatCards profile={profile} />
      <Tabs<Tab>
        label={t('driver.tabs.label')}
        tabs={[
          { id: 'available', label: t('driver.tabs.available') },
          { id: 'history', label: t('driver.tabs.history') },
          { id: 'earnings', label: t('driver.tabs.earnings') },
          { id: 'statement', label: t('payments.statement.tab') },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'available' && <AvailableRides profile={profile} userId={user.id} busy={focusRideId !== null} onTaken={setRecentRideId} />}
        {tab === 'history' && <RideHistory driverId={profile.driverId} />}
        {tab === 'earnings' && <EarningsTab driverId={profile.driverId} />}
        {tab === 'statement' && <StatementTab driverId={profile.driverId} />}
      </Tabs>
    </div>
  );
}
