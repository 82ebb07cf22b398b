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
};
