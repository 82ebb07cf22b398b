import { driverDutyEventSchema, driverDutyEventVersions, type DriverDutyEvent } from '../../domain/driverDuty/events.js';
import {
  driverVerificationEventSchema,
  driverVerificationEventVersions,
  type DriverVerificationEvent,
} from '../../domain/driverVerification/events.js';
import { isPaymentEventType, parsePaymentEvent, type PaymentEvent } from '../../domain/payment/events.js';
import { isRideEventType, parseRideEvent, type RideEvent } from '../../domain/ride/events.js';
import { routeEncodingEventSchema, routeEncodingEventVersions, type RouteEncodingEvent } from '../../domain/routeEncoding/events.js';
import { eventUpcasters } from '../../domain/upcasting/index.js';
import type { RecordedEvent } from '../../platform/eventStore/port.js';
import { streamPrefix } from '../../domain/streams.js';

/** A domain event as a read model folds it, with where it sits in its stream and when it was stored. */
export interface Stored<Event> {
  event: Event;
  streamName: string;
  revision: bigint;
  created: Date;
}

type Parser<Event> = (event: { type: string; data: unknown }) => Event | null;

/**
 * Stored events brought to the current schema of their type (upcast), then checked against the
 * lifecycle's zod schemas. Types the lifecycle does not know are skipped, not fatal: a read model
 * answers its own questions and ignores events added later for others. The answer is shared by
 * every read model given the same recorded event, so none may change what it is given.
 */
function reader<Event>(parse: Parser<Event>) {
  // Several read models read the same page: each recorded event is upcast and checked once.
  const read = new WeakMap<RecordedEvent, Stored<Event> | null>();
  return (recorded: RecordedEvent): Stored<Event> | null => {
    const known = read.get(recorded);
    if (known !== undefined) return known;
    const current = eventUpcasters.upcast({ type: recorded.type, data: recorded.data, metadata: recorded.metadata });
    const event = parse(current);
    const stored = event && { event, streamName: recorded.streamName, revision: recorded.revision, created: recorded.created };
    read.set(recorded, stored);
    return stored;
  };
}

/** `versions` lists the lifecycle's event types (its schema-version table). */
function unionParser<Event>(schema: { parse(value: unknown): Event }, versions: Record<string, number>): Parser<Event> {
  return (event) => (Object.hasOwn(versions, event.type) ? schema.parse({ type: event.type, data: event.data }) : null);
}

export const readRideEvent = reader<RideEvent>((event) => (isRideEventType(event.type) ? parseRideEvent(event) : null));
export const readDriverVerificationEvent = reader<DriverVerificationEvent>(
  unionParser(driverVerificationEventSchema, driverVerificationEventVersions),
);
export const readDriverDutyEvent = reader<DriverDutyEvent>(unionParser(driverDutyEventSchema, driverDutyEventVersions));
export const readRouteEncodingEvent = reader<RouteEncodingEvent>(unionParser(routeEncodingEventSchema, routeEncodingEventVersions));

/** The stream prefixes the API's read models subscribe to (`ride-42`, `driver-7`, …). */
export const streamPrefixes = {
  ride: streamPrefix('ride'),
  driverDuty: streamPrefix('driverDuty'),
  driverVerification: streamPrefix('driverVerification'),
  routeEncoding: streamPrefix('routeEncoding'),
  payment: streamPrefix('payment'),
} as const;

/** Splits a batch by lifecycle and reads each event; the order within the batch (`$all` order) is kept. */
export function readBatch(events: readonly RecordedEvent[]) {
  const out = {
    ride: [] as Stored<RideEvent>[],
    driverDuty: [] as Stored<DriverDutyEvent>[],
    driverVerification: [] as Stored<DriverVerificationEvent>[],
    routeEncoding: [] as Stored<RouteEncodingEvent>[],
  };
  for (const recorded of events) {
    const name = recorded.streamName;
    if (name.startsWith(streamPrefixes.ride)) push(out.ride, readRideEvent(recorded));
    else if (name.startsWith(streamPrefixes.driverVerification)) push(out.driverVerification, readDriverVerificationEvent(recorded));
    else if (name.startsWith(streamPrefixes.driverDuty)) push(out.driverDuty, readDriverDutyEvent(recorded));
    else if (name.startsWith(streamPrefixes.routeEncoding)) push(out.routeEncoding, readRouteEncodingEvent(recorded));
  }
  return out;
}

function push<T>(list: T[], item: T | null): void {
  if (item !== null) list.push(item);
}

export const readPaymentEvent = reader<PaymentEvent>((event) => (isPaymentEventType(event.type) ? parsePaymentEvent(event) : null));
