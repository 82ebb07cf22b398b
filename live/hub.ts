import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from 'pino';
import type WebSocket from 'ws';
import { incidentHandlersOf, openIncidentHandlersOf } from '../commands/incident/index.js';
import { loadRide } from '../commands/ride/index.js';
import { toDomainEvent } from '../commands/shared/index.js';
import { isBidEventType, type BidEvent } from '../domain/bid/index.js';
import type { DispatchEvent } from '../domain/dispatch/index.js';
import { isRideEventType, viewerOfRide, type RideEvent } from '../domain/ride/index.js';
import { parseOrInvalid } from '../domain/shared/command.js';
import { START, serializePosition, type EventStore, type Position, type RecordedEvent } from '../platform/eventStore/port.js';
import { LiveConnection, type ConnectionHost, type LiveUser } from './connection.js';
import { DRIVER_STREAM_PREFIXES, DriverDirectory } from './drivers.js';
import { bidDeliveries, offerDeliveries, rideDeliveries, type Delivery } from './fanout.js';
import { driverPositionSchema, LocationRelay, type DriverPosition } from './locationRelay.js';
import { Lru } from './lru.js';
import { broadcastTypes, closeCodes, type BroadcastType } from '../contract/live.js';
import { defaultOutboxLimits, type OutboxLimits } from './outbox.js';
import { defaultInboundRate, type InboundRate } from './rateLimit.js';
import { LocationRoutes, RIDE_STREAM_PREFIX, RideWatch } from './rides.js';
import { SocketRegistry } from './sockets.js';
import { followAll } from './subscription.js';
import { isStreamOf, streamPrefix } from '../domain/streams.js';
import { incidentDeliveries, recordingDeliveries, rideCheckDeliveries, rideMessageDeliveries } from './safety.js';
import { safetyLiveTypes, type SafetyLiveType } from '../contract/safety.js';
import { isAudioRecordingEventType, type AudioRecordingEvent } from '../domain/audioRecording/index.js';
import { isIncidentEventType, type IncidentEvent } from '../domain/incident/index.js';
import { isRideCheckEventType, type RideCheckEvent } from '../domain/rideChecks/index.js';
import { isRideMessageEventType, type RideMessageEvent } from '../domain/rideMessages/index.js';
import { isPaymentEventType, paymentDecider, type PaymentEvent } from '../domain/payment/index.js';
import { paymentDeliveries } from './payments.js';

export interface LiveHubOptions {
  /** How often sockets are pinged (and their sessions checked); a socket silent for two beats is dropped. */
  heartbeatMs: number;
  maxInboundBytes: number;
  inboundRate: InboundRate;
  outbox: OutboxLimits;
  /** Rides, routes and bidders remembered; beyond it the least recently used are read again when needed. */
  cacheSize: number;
  /** The LISTEN/NOTIFY channel positions travel between instances on. */
  locationChannel: string;
}

export const defaultLiveHubOptions: LiveHubOptions = {
  heartbeatMs: 30_000,
  maxInboundBytes: 4 * 1024,
  inboundRate: defaultInboundRate,
  outbox: defaultOutboxLimits,
  cacheSize: 10_000,
  locationChannel: 'driver_locations',
};

export interface LiveHubDeps {
  store: EventStore;
  /** For LISTEN/NOTIFY between instances (PostgreSQL holds the read models whichever event store is used). */
  pool: pg.Pool;
  logger?: Logger;
  /**
   * A position at or before the end of `$all` to read forward from; the hub skips everything up
   * to the end and serves only what comes after. The newer, the less it reads at start.
   */
  startFrom?: () => Promise<Position>;
  options?: Partial<LiveHubOptions>;
}

export interface Deliveries {
  /** Messages handed to sockets, per type (one per socket). */
  byType: Record<BroadcastType | SafetyLiveType, number>;
  /** Messages (replies included) written to sockets. */
  written: number;
  /** Messages dropped from full outboxes. */
  dropped: number;
  slowConsumersClosed: number;
  deadConnectionsTerminated: number;
  signedOutConnectionsClosed: number;
  routingErrors: number;
}

const SAFETY_STREAM_PREFIXES = [streamPrefix('incident'), streamPrefix('rideMessages'), streamPrefix('rideChecks'), streamPrefix('audioRecording')];
export const LIVE_FILTER = {
  streamNamePrefixes: [RIDE_STREAM_PREFIX, streamPrefix('bid'), streamPrefix('dispatch'), streamPrefix('payment'), ...DRIVER_STREAM_PREFIXES, ...SAFETY_STREAM_PREFIXES],
};

/**
 * Live updates for the sockets of one API instance. It follows `$all` from its end (new events
 * only) and turns ride, bid and dispatch events into messages for exactly the sockets allowed to
 * see them; driver positions come in through `publishLocation` and, from other instances, over
 * LISTEN/NOTIFY. Each instance serves only its own sockets, so instances scale side by side.
 */
export class LiveHub {
  readonly instanceId = randomUUID();
  private readonly options: LiveHubOptions;
  private readonly sockets = new SocketRegistry();
  private readonly rides: RideWatch;
  private readonly routes: LocationRoutes;
  private readonly directory: DriverDirectory;
  private readonly bidders: Lru<string, string>;
  /** Per ride, the admins handling its open incident: its driver's position goes to them too. Kept by the subscription loop. */
  private readonly positionFollowers: Lru<string, readonly string[]>;
  private readonly relay: LocationRelay;
  private readonly counts: Deliveries = {
    byType: Object.fromEntries([...broadcastTypes, ...safetyLiveTypes].map((type) => [type, 0])) as Record<BroadcastType | SafetyLiveType, number>,
    written: 0,
    dropped: 0,
    slowConsumersClosed: 0,
    deadConnectionsTerminated: 0,
    signedOutConnectionsClosed: 0,
    routingErrors: 0,
  };
  private readonly host: ConnectionHost;
  private readonly abort = new AbortController();
  private following: Promise<void> | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private closing = false;

  constructor(private readonly deps: LiveHubDeps) {
    this.options = { ...defaultLiveHubOptions, ...deps.options };
    const { store } = deps;
    this.rides = new RideWatch(store, this.options.cacheSize);
    this.routes = new LocationRoutes(store, this.options.cacheSize);
    this.directory = new DriverDirectory(store);
    this.bidders = new Lru(this.options.cacheSize);
    this.positionFollowers = new Lru(this.options.cacheSize);
    this.relay = new LocationRelay(deps.pool, this.options.locationChannel, this.instanceId, (position) => void this.relayed(position), deps.logger);
    this.host = {
      join: (connection, rideId) => this.join(connection, rideId),
      left: (connection) => this.left(connection),
      outboxEvents: {
        sent: () => void this.counts.written++,
        dropped: () => void this.counts.dropped++,
        closedAsSlow: () => void this.counts.slowConsumersClosed++,
      },
    };
  }

  /** A copy of the counters. */
  get deliveries(): Deliveries {
    return { ...this.counts, byType: { ...this.counts.byType } };
  }

  get connectionCount(): number {
    return this.sockets.size;
  }

  /** Listens for other instances' positions, follows `$all` to its end, and resolves once live. */
  async start(): Promise<void> {
    await this.relay.start();
    const from = this.deps.startFrom ? await this.deps.startFrom() : START;
    let live!: () => void;
    const caughtUp = new Promise<void>((resolve) => (live = resolve));
    this.following = followAll(this.deps.store, from, LIVE_FILTER, this.abort.signal, {
      caughtUp: live,
      event: (event) => this.route(event),
      failed: (error, retryInMs) => this.deps.logger?.warn({ err: error, retryInMs }, 'live: $all subscription failed; resubscribing'),
    });
    this.heartbeat = setInterval(() => void this.beat(), this.options.heartbeatMs);
    this.heartbeat.unref();
    await caughtUp;
  }

  /** A socket whose session is fully signed in (the route checked): it gets nothing until it joins. */
  connect(socket: WebSocket, user: LiveUser, stillSignedIn: () => Promise<boolean>): void {
    if (this.closing) {
      socket.close(closeCodes.goingAway, 'server shutting down');
      return;
    }
    const limits = { maxInboundBytes: this.options.maxInboundBytes, inboundRate: this.options.inboundRate, outbox: this.options.outbox };
    this.sockets.add(new LiveConnection(socket, user, this.host, limits, stillSignedIn, this.deps.logger));
  }

  /**
   * A driver's position was recorded: tell the rider of the ride the driver is with (here, and on
   * every other instance). Positions of a driver with no rider go nowhere. Call it only when the
   * position was stored (`recordDriverLocation(...).stored`): a late, older ping would move the
   * car backwards on the rider's map. Bad input is a DomainError naming the field; a delivery
   * problem never fails the caller (telemetry is best effort, the next ping follows in seconds).
   */
  async publishLocation(input: DriverPosition): Promise<void> {
    const position = parseOrInvalid(driverPositionSchema, input);
    try {
      const route = await this.routes.routeOf(position.driverId);
      if (!route) return;
      await this.deliverPosition(route, position);
      await this.relay.publish(position);
    } catch (error) {
      this.deps.logger?.warn({ err: error, driverId: position.driverId }, 'live: a driver position was not relayed');
    }
  }

  /** Closes every socket (server shutdown: clients reconnect to another instance). */
  disconnectAll(code: number = closeCodes.goingAway, reason = 'server shutting down'): void {
    for (const connection of this.sockets.all()) connection.close(code, reason);
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.heartbeat);
    this.disconnectAll();
    this.abort.abort();
    await this.following;
    await this.relay.stop();
  }

  private async join(connection: LiveConnection, rideId: string | null): Promise<boolean> {
    if (rideId !== null && !(await this.mayWatch(connection.user, rideId))) return false;
    if (!connection.isOpen) return false;
    // A driver's first join waits for their facts, so the next ride is routed by what is true now.
    if (this.sockets.join(connection, rideId) && connection.user.roles.includes('driver')) await this.directory.track(connection.user.id);
    return true;
  }

  /** Read fresh from the ride's stream: a driver assigned a moment ago may follow at once. */
  private async mayWatch(user: LiveUser, rideId: string): Promise<boolean> {
    const { state } = await loadRide(this.deps.store, rideId).catch(() => ({ state: null }));
    const booking = state?.context.booking;
    if (!state || !booking) return false;
    return viewerOfRide(user, { riderUserId: booking.riderId, driverUserId: state.context.driver?.userId ?? null }) !== null;
  }

  private left(connection: LiveConnection): void {
    if (this.sockets.left(connection)) this.directory.untrack(connection.user.id);
  }

  private async beat(): Promise<void> {
    await Promise.all(
      this.sockets.all().map(async (connection) => {
        const outcome = await connection.beat();
        if (outcome === 'dead') this.counts.deadConnectionsTerminated++;
        if (outcome === 'signed_out') this.counts.signedOutConnectionsClosed++;
      }),
    );
  }

  private async route(recorded: RecordedEvent): Promise<void> {
    const fanOut = (deliveries: readonly Delivery[]) => this.fanOut(deliveries, serializePosition(recorded.position));
    try {
      const at = recorded.created.toISOString();
      const stream = recorded.streamName;
      if (stream.startsWith(RIDE_STREAM_PREFIX)) {
        if (!isRideEventType(recorded.type)) return;
        // Every ride event is folded, sockets or not: where drivers' positions go depends on it.
        const state = await this.rides.advance(recorded);
        if (!state) return;
        this.routes.note(stream.slice(RIDE_STREAM_PREFIX.length), state);
        fanOut(rideDeliveries(toDomainEvent<RideEvent>(recorded), state, at));
      } else if (isStreamOf('bid', stream)) {
        if (!isBidEventType(recorded.type) || this.sockets.size === 0) return;
        const bid = toDomainEvent<BidEvent>(recorded);
        const ride = await this.rides.current(bid.data.rideId);
        fanOut(bidDeliveries(bid, ride.context.booking?.riderId ?? null, await this.bidderOf(recorded, bid), at));
      } else if (isStreamOf('payment', stream)) {
        if (!isPaymentEventType(recorded.type) || this.sockets.size === 0) return;
        fanOut(paymentDeliveries(toDomainEvent<PaymentEvent>(recorded), await this.paymentAt(recorded), at));
      } else if (SAFETY_STREAM_PREFIXES.some((prefix) => stream.startsWith(prefix))) {
        // Sockets or not: who follows the ride's position changes with its incident.
        if (stream.startsWith('incident-') && isIncidentEventType(recorded.type)) await this.noteIncident(toDomainEvent<IncidentEvent>(recorded).data.rideId);
        if (this.sockets.size === 0) return;
        fanOut(await this.safetyDeliveries(recorded, at));
      } else if (isStreamOf('dispatch', stream)) {
        if (recorded.type !== 'RideOfferedToDrivers' || this.sockets.driverCount === 0) return;
        const offer = toDomainEvent<Extract<DispatchEvent, { type: 'RideOfferedToDrivers' }>>(recorded);
        fanOut(offerDeliveries(offer.data.offers, await this.rides.current(offer.data.rideId), at));
      } else {
        const driverId = DriverDirectory.driverIdOf(stream);
        if (driverId) await this.directory.refresh(driverId);
      }
    } catch (error) {
      this.counts.routingErrors++;
      this.deps.logger?.error({ err: error, stream: recorded.streamName, type: recorded.type }, 'live: an event could not be routed');
    }
  }

  private async noteIncident(rideId: string): Promise<void> {
    this.positionFollowers.set(rideId, await openIncidentHandlersOf(this.deps.store, rideId));
  }

  /** A ride not seen since this hub started is looked up once (its incident stream), then kept current by noteIncident. */
  private async positionFollowersOf(rideId: string): Promise<readonly string[]> {
    if (this.positionFollowers.has(rideId)) return this.positionFollowers.get(rideId) ?? [];
    const found = await openIncidentHandlersOf(this.deps.store, rideId);
    if (!this.positionFollowers.has(rideId)) this.positionFollowers.set(rideId, found);
    return this.positionFollowers.get(rideId) ?? [];
  }

  /** The safety net's messages: incidents to admins, messages and recordings to the two on the ride, checks to the rider. */
  private async safetyDeliveries(recorded: RecordedEvent, at: string): Promise<Delivery[]> {
    const stream = recorded.streamName;
    if (stream.startsWith('incident-')) return isIncidentEventType(recorded.type) ? incidentDeliveries(toDomainEvent<IncidentEvent>(recorded), at) : [];
    const rideId = (recorded.data as { rideId?: unknown }).rideId;
    if (typeof rideId !== 'string') return [];
    const ride = await this.rides.current(rideId);
    const riderId = ride.context.booking?.riderId;
    if (!riderId) return [];
    const people = { riderId, driverUserId: ride.context.driver?.userId ?? null, incidentHandlers: [] as readonly string[] };
    if (stream.startsWith('rideMessages-') || stream.startsWith('audioRecording-')) people.incidentHandlers = await incidentHandlersOf(this.deps.store, rideId);
    if (stream.startsWith('rideMessages-') && isRideMessageEventType(recorded.type)) return rideMessageDeliveries(toDomainEvent<RideMessageEvent>(recorded), people, at);
    if (stream.startsWith('rideChecks-') && isRideCheckEventType(recorded.type)) return rideCheckDeliveries(toDomainEvent<RideCheckEvent>(recorded), riderId, at);
    if (stream.startsWith('audioRecording-') && isAudioRecordingEventType(recorded.type)) return recordingDeliveries(toDomainEvent<AudioRecordingEvent>(recorded), people, at);
    return [];
  }

  /** The payment as it stood right after this event (its stream folded up to it): whose it is, and its status then. */
  private async paymentAt(recorded: RecordedEvent) {
    const history = await this.deps.store.readStream(recorded.streamName);
    const events = history.filter((event) => event.revision <= recorded.revision && isPaymentEventType(event.type)).map((event) => toDomainEvent<PaymentEvent>(event));
    return events.reduce((state, event) => paymentDecider.evolve(state, event), paymentDecider.initialState());
  }

  /** The bidding driver's login: named on BidPlaced; later bid events name only the driver. */
  private async bidderOf(recorded: RecordedEvent, bid: BidEvent): Promise<string> {
    if (bid.type === 'BidPlaced') {
      this.bidders.set(recorded.streamName, bid.data.driverUserId);
      return bid.data.driverUserId;
    }
    const known = this.bidders.get(recorded.streamName);
    if (known) return known;
    const history = await this.deps.store.readStream(recorded.streamName);
    const placed = history.filter((event) => event.revision <= recorded.revision && event.type === 'BidPlaced').at(-1);
    const userId = placed ? toDomainEvent<BidEvent & { type: 'BidPlaced' }>(placed).data.driverUserId : bid.data.driverId;
    this.bidders.set(recorded.streamName, userId);
    return userId;
  }

  private async relayed(position: DriverPosition): Promise<void> {
    try {
      if (this.sockets.size === 0) return;
      const route = await this.routes.routeOf(position.driverId);
      if (route) await this.deliverPosition(route, position);
    } catch (error) {
      this.deps.logger?.warn({ err: error, driverId: position.driverId }, 'live: a relayed position was not delivered');
    }
  }

  /** The ride's rider (and its watchers), and the admins handling an open incident on it (the queue shows where the car is). */
  private async deliverPosition(route: { rideId: string; riderId: string }, position: DriverPosition): Promise<void> {
    const { driverId, lat, lng, heading, at } = position;
    const followers = await this.positionFollowersOf(route.rideId);
    this.fanOut([
      {
        audience: { kind: 'people', userIds: [route.riderId, ...followers], watchersOf: route.rideId },
        message: { type: 'location_update', rideId: route.rideId, driverId, lat, lng, heading, at: at.toISOString() },
      },
    ]);
  }

  /** `position`: the event's, on every message it causes (a read naming it sees what the message says). */
  private fanOut(deliveries: readonly Delivery[], position?: string): void {
    for (const { audience, message } of deliveries) {
      const sockets = this.sockets.resolve(audience, (driverId, vehicleType) => this.directory.mayTake(driverId, vehicleType));
      if (sockets.size === 0) continue;
      const data = JSON.stringify(position && message.type !== 'location_update' ? { ...message, position } : message);
      for (const connection of sockets) connection.send(data);
      this.counts.byType[message.type] += sockets.size;
    }
  }
}
