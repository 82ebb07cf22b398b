import { loadDriverFacts } from '../commands/shared/index.js';
import type { DriverFacts } from '../domain/ride/index.js';
import type { EventStore } from '../platform/eventStore/port.js';
import { streamPrefix } from '../domain/streams.js';

export const DRIVER_STREAM_PREFIXES = [streamPrefix('driverDuty'), streamPrefix('driverVerification')] as const;

interface Entry {
  sockets: number;
  facts: DriverFacts | null;
  /** Counts reads started; only the latest read's answer is kept (an older one may finish last). */
  reads: number;
}

/**
 * Whether each driver connected to this instance is online, verified, and for which vehicle:
 * who gets `new_ride`. Read from the driver's own streams when they join, and read again whenever
 * the live subscription brings an event on one of them, before the next event is routed; so a
 * driver who went offline a moment ago is not told of the next ride. Only drivers with a socket
 * here are kept, so memory follows connections, not the fleet.
 */
export class DriverDirectory {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly store: EventStore) {}

  /** A socket of this driver joined: read their facts (the join answers once they are known). */
  async track(driverId: string): Promise<void> {
    const entry = this.entries.get(driverId) ?? { sockets: 0, facts: null, reads: 0 };
    entry.sockets += 1;
    this.entries.set(driverId, entry);
    await this.refresh(driverId);
  }

  untrack(driverId: string): void {
    const entry = this.entries.get(driverId);
    if (!entry) return;
    entry.sockets -= 1;
    if (entry.sockets <= 0) this.entries.delete(driverId);
  }

  /** An event landed on the driver's duty or verification stream: read the facts again (if they are here). */
  async refresh(driverId: string): Promise<void> {
    const entry = this.entries.get(driverId);
    if (!entry) return;
    const read = ++entry.reads;
    const facts = await loadDriverFacts(this.store, driverId);
    if (this.entries.get(driverId) === entry && entry.reads === read) entry.facts = facts;
  }

  /** Online, verified, and driving this kind of vehicle. */
  mayTake(driverId: string, vehicleType: string): boolean {
    const facts = this.entries.get(driverId)?.facts;
    return facts !== null && facts !== undefined && facts.verified && facts.online && facts.vehicleType === vehicleType;
  }

  /** The driver id of a driver stream (`driver-…` or `driverVerification-…`), or null for any other. */
  static driverIdOf(streamName: string): string | null {
    const prefix = DRIVER_STREAM_PREFIXES.find((candidate) => streamName.startsWith(candidate));
    return prefix ? streamName.slice(prefix.length) : null;
  }
}
