import type { LiveConnection } from './connection.js';
import type { Audience } from './fanout.js';

/**
 * The sockets of one instance, indexed the ways messages are addressed: by user, by the ride a
 * socket follows, and the drivers' sockets. A socket is in the indexes only once it has joined.
 */
export class SocketRegistry {
  private readonly connections = new Set<LiveConnection>();
  private readonly byUser = new Map<string, Set<LiveConnection>>();
  private readonly watchers = new Map<string, Set<LiveConnection>>();
  private readonly drivers = new Set<LiveConnection>();

  get size(): number {
    return this.connections.size;
  }

  get driverCount(): number {
    return this.drivers.size;
  }

  all(): LiveConnection[] {
    return [...this.connections];
  }

  add(connection: LiveConnection): void {
    this.connections.add(connection);
  }

  /** Indexes a join (and the ride it follows, replacing an earlier one); true when it is the socket's first. */
  join(connection: LiveConnection, rideId: string | null): boolean {
    const first = !connection.joined;
    if (first) {
      connection.joined = true;
      addTo(this.byUser, connection.user.id, connection);
      if (connection.user.roles.includes('driver')) this.drivers.add(connection);
    }
    if (connection.rideId !== rideId) {
      if (connection.rideId !== null) removeFrom(this.watchers, connection.rideId, connection);
      if (rideId !== null) addTo(this.watchers, rideId, connection);
      connection.rideId = rideId;
    }
    return first;
  }

  /** Forgets a closed socket; true when it was a joined driver's. */
  left(connection: LiveConnection): boolean {
    this.connections.delete(connection);
    if (!connection.joined) return false;
    removeFrom(this.byUser, connection.user.id, connection);
    if (connection.rideId !== null) removeFrom(this.watchers, connection.rideId, connection);
    return this.drivers.delete(connection);
  }

  /** Decided per socket, per message: only joined sockets, and only those the audience names. */
  resolve(audience: Audience, mayTake: (driverId: string, vehicleType: string) => boolean): Set<LiveConnection> {
    const sockets = new Set<LiveConnection>();
    if (audience.kind === 'admins') {
      for (const connection of this.connections) if (connection.joined && connection.user.roles.includes('admin')) sockets.add(connection);
      return sockets;
    }
    if (audience.kind === 'people') {
      for (const userId of audience.userIds) for (const connection of this.byUser.get(userId) ?? []) sockets.add(connection);
      if (audience.watchersOf !== null) for (const connection of this.watchers.get(audience.watchersOf) ?? []) sockets.add(connection);
      return sockets;
    }
    for (const connection of this.drivers) {
      const driverId = connection.user.id;
      if (audience.driverIds && !audience.driverIds.includes(driverId)) continue;
      // One account, two roles: a driver never hears of the ride they booked themselves.
      if (audience.riderUserId && audience.riderUserId === connection.user.id) continue;
      if (mayTake(driverId, audience.vehicleType)) sockets.add(connection);
    }
    return sockets;
  }
}

function addTo(index: Map<string, Set<LiveConnection>>, key: string, connection: LiveConnection): void {
  const set = index.get(key) ?? new Set();
  set.add(connection);
  index.set(key, set);
}

function removeFrom(index: Map<string, Set<LiveConnection>>, key: string, connection: LiveConnection): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(connection);
  if (set.size === 0) index.delete(key);
}
