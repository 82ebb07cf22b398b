/**
 * Query keys of the server state that live updates touch. The default query function joins a
 * key's parts with slashes into the path, so each key is also its URL.
 */
export const liveQueryKeys = {
  ride: (rideId: string) => ['/api/rides', rideId] as const,
  rideEvents: (rideId: string) => ['/api/rides', rideId, 'events'] as const,
  myRides: () => ['/api/rides/mine'] as const,
  driverRides: (driverId?: string) => (driverId ? (['/api/rides/driver', driverId] as const) : (['/api/rides/driver'] as const)),
  pendingRides: (vehicleType?: string) => (vehicleType ? (['/api/rides/pending', vehicleType] as const) : (['/api/rides/pending'] as const)),
  rideBids: (rideId: string) => ['/api/bids/ride', rideId] as const,
  /** Prefix of every driver read (profile, earnings) — a trip's end changes them. */
  drivers: () => ['/api/drivers'] as const,
  /** Prefix of every driver profile read (GET /api/drivers/user/:userId): duty and engagement live there. */
  driverProfiles: () => ['/api/drivers/user'] as const,
  driverProfile: (userId: string) => ['/api/drivers/user', userId] as const,
  driverEarnings: (driverId: string) => ['/api/drivers', driverId, 'earnings'] as const,
  driverStatement: (driverId: string, week: string | null) => ['/api/drivers', driverId, 'statement', week ?? 'this-week'] as const,
  /** A ride's payment and receipt: under the ride's key, so a ride update reads it again too. */
  ridePayment: (rideId: string) => ['/api/rides', rideId, 'payment'] as const,
  /** Prefix of the rider's payments and saved methods. */
  myPayments: () => ['/api/payments'] as const,
  sandboxWallet: () => ['/api/dev/payments/sandbox'] as const,
  /** The safety net (issue 13): a ride's messages, checks and recording; the admins' incident queue and dashboard. */
  rideMessages: (rideId: string) => ['/api/rides', rideId, 'messages'] as const,
  rideChecks: (rideId: string) => ['/api/rides', rideId, 'checks'] as const,
  rideRecording: (rideId: string) => ['/api/rides', rideId, 'recording'] as const,
  adminIncidents: () => ['/api/admin/incidents'] as const,
  adminDashboard: () => ['admin', 'dashboard-stats'] as const,
};
