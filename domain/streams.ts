/**
 * Every stream category of the event store, in one place: a stream is named `<category>-<id>`
 * (`ride-42`, `driver-7`, `bid-42_7`), as EventStoreDB's `$ce-` streams read it. The lifecycles
 * name their streams with `streamName`; read models, reactors and live delivery subscribe and
 * route with `streamPrefix` and `isStreamOf`. A new lifecycle adds its category here.
 */
export const streamCategories = {
  ride: 'ride',
  bid: 'bid',
  dispatch: 'dispatch',
  driverDuty: 'driver',
  driverVerification: 'driverVerification',
  routeEncoding: 'routeEncoding',
  platformSettings: 'platformSettings',
  payment: 'payment',
  incident: 'incident',
  tripShare: 'tripShare',
  trustedContacts: 'trustedContacts',
  rideChecks: 'rideChecks',
  rideMessages: 'rideMessages',
  audioRecording: 'audioRecording',
} as const;

export type StreamCategory = keyof typeof streamCategories;

/** `ride` → `ride-`: what a subscription filter or a router matches a stream's name against. */
export const streamPrefix = (category: StreamCategory): string => `${streamCategories[category]}-`;

/** The stream of one entity of a category: `streamName('ride', '42')` is `ride-42`. */
export const streamName = (category: StreamCategory, id: string): string => `${streamPrefix(category)}${id}`;

export const isStreamOf = (category: StreamCategory, name: string): boolean => name.startsWith(streamPrefix(category));

/** The id in a stream's name (`ride-42` → `42`), or null when the stream is of another category. */
export const idInStream = (category: StreamCategory, name: string): string | null =>
  isStreamOf(category, name) ? name.slice(streamPrefix(category).length) : null;
