/**
 * Who a signed-in user is on a ride, decided one way for every place that asks: the server's
 * decider (may this actor act?), its reads (what may this user see?), live delivery (may this
 * socket follow the ride?) and the web (which screen, which buttons).
 */

/** One of the ride's two people, or an admin, who sees every ride. */
export type RideViewer = 'rider' | 'driver' | 'admin';

/** The ride's people by their user ids: the rider who booked, the driver once one is assigned. */
export interface RidePeople {
  riderUserId: string | null;
  driverUserId: string | null;
}

/**
 * Which of the ride's people the user is (by the roles their account holds and their id), an admin,
 * or null for anyone else. An account holding both passenger and driver (one account, two roles)
 * is the rider of the rides it booked and the driver of the rides it drives; it is never both on
 * one ride (a driver cannot take their own ride). `roles` defaults to the one `userType`.
 */
export function viewerOfRide(user: { id: string; userType: string; roles?: readonly string[] }, people: RidePeople): RideViewer | null {
  const roles = user.roles ?? [user.userType];
  if (roles.includes('admin')) return 'admin';
  if (roles.includes('passenger') && people.riderUserId !== null && user.id === people.riderUserId) return 'rider';
  if (roles.includes('driver') && people.driverUserId !== null && user.id === people.driverUserId) return 'driver';
  return null;
}
