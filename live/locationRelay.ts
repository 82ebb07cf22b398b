import type pg from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';

/** A driver's position as the API records it (telemetry, not an event). */
export const driverPositionSchema = z.object({
  driverId: z.string().trim().min(1, 'must not be blank').max(128),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  heading: z.number().min(0).max(360).nullable(),
  at: z.date(),
});
export type DriverPosition = z.infer<typeof driverPositionSchema>;

/** On the wire between instances: short keys, since every online driver's phone sends one every few seconds. */
const relayedSchema = z.object({
  /** The instance that sent it (it has already delivered to its own sockets). */
  o: z.string(),
  d: z.string().min(1),
  a: z.number().min(-90).max(90),
  n: z.number().min(-180).max(180),
  h: z.number().nullable(),
  t: z.number().int(),
});

const RECONNECT_MS = [100, 500, 2_000, 5_000] as const;

/**
 * Carries positions between API instances over PostgreSQL's LISTEN/NOTIFY: a rider connected to
 * another instance than the one their driver's phone reports to still sees the car move. A lost
 * notification costs one position; the next ping comes a few seconds later.
 */
export class LocationRelay {
  private listener: pg.PoolClient | undefined;
  private stopped = false;
  private failures = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly channel: string,
    private readonly instanceId: string,
    private readonly onRemote: (position: DriverPosition) => void,
    private readonly logger: Logger | undefined,
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new RangeError(`channel: "${channel}" is not a plain lower-case identifier`);
  }

  async start(): Promise<void> {
    const client = await this.pool.connect();
    try {
      client.on('notification', (notification) => {
        if (notification.channel === this.channel && notification.payload) this.receive(notification.payload);
      });
      client.on('error', (error) => this.lost(client, error));
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    if (this.stopped) {
      client.release();
      return;
    }
    this.listener = client;
    this.failures = 0;
  }

  async publish(position: DriverPosition): Promise<void> {
    const payload = JSON.stringify({
      o: this.instanceId,
      d: position.driverId,
      a: position.lat,
      n: position.lng,
      h: position.heading,
      t: position.at.getTime(),
    });
    await this.pool.query('SELECT pg_notify($1, $2)', [this.channel, payload]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    const listener = this.listener;
    this.listener = undefined;
    if (!listener) return;
    await listener.query(`UNLISTEN ${this.channel}`).catch(() => {});
    listener.release();
  }

  private receive(payload: string): void {
    let parsed: z.infer<typeof relayedSchema>;
    try {
      parsed = relayedSchema.parse(JSON.parse(payload));
    } catch (error) {
      this.logger?.warn({ err: error }, 'live: ignored a malformed relayed location');
      return;
    }
    if (parsed.o === this.instanceId) return;
    this.onRemote({ driverId: parsed.d, lat: parsed.a, lng: parsed.n, heading: parsed.h, at: new Date(parsed.t) });
  }

  private lost(client: pg.PoolClient, error: Error): void {
    if (this.listener !== client) return;
    this.listener = undefined;
    client.release(error);
    this.listenAgain(error);
  }

  private listenAgain(error: Error): void {
    if (this.stopped) return;
    const wait = RECONNECT_MS[Math.min(this.failures, RECONNECT_MS.length - 1)]!;
    this.failures += 1;
    this.logger?.warn({ err: error, retryInMs: wait }, 'live: location listener lost; listening again');
    this.reconnectTimer = setTimeout(() => {
      this.start().catch((failure: Error) => this.listenAgain(failure));
    }, wait);
    this.reconnectTimer.unref();
  }
}
