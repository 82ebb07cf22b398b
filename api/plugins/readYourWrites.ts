import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { comparePositions, InvalidArgumentError, parsePosition, serializePosition, type EventStore, type Position } from '../../platform/eventStore/port.js';
import type { ReadPositions } from '../../projections/runner/index.js';
import type { App } from '../types.js';
// On a command's answer, POSITION_HEADER: the `$all` position of the last event it appended. On a
// read, MIN_POSITION_HEADER (or `?minPosition=`): answer from read models that have applied at least it.
import { MIN_POSITION_HEADER, POSITION_HEADER } from '../../contract/readPosition.js';

/** On a read that waited the longest and answered anyway: the read models still behind, comma-separated. */
export const STALE_HEADER = 'tiyende-stale';
/** The longest a read waits for the read models to pass the position it asked for. */
export const MAX_READ_WAIT_MS = 2_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The projections this route reads (default: every read model), for `Tiyende-Min-Position`. */
    readModels?: readonly string[];
  }
}

/** The furthest position appended during the current request (set by the wrapped store). */
const appendedInRequest = new AsyncLocalStorage<{ request: FastifyRequest; position?: Position }>();

function noteAppended(at: Position): void {
  const current = appendedInRequest.getStore();
  if (current && (current.position === undefined || comparePositions(at, current.position) > 0)) current.position = at;
}

/**
 * The commands' store, noting in the current request where each append landed in `$all`: its
 * answer then says so (`Tiyende-Position`) whichever command, and however many streams, it wrote.
 * A retry with the same Idempotency-Key appends nothing (the command finds its events already in
 * the stream it reads): the events of that command found there give the position instead, so the
 * retry's answer names the same position as the first.
 */
export function trackingAppends(store: EventStore): EventStore {
  return {
    async appendToStream(streamName, events, options) {
      const result = await store.appendToStream(streamName, events, options);
      noteAppended(result.position);
      return result;
    },
    async readStream(streamName, options) {
      const events = await store.readStream(streamName, options);
      const commandId = appendedInRequest.getStore()?.request.idempotency?.commandId;
      if (commandId) for (const event of events) if (event.metadata.commandId === commandId) noteAppended(event.position);
      return events;
    },
    readAll: (options) => store.readAll(options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    deleteStream: (streamName, options) => store.deleteStream(streamName, options),
    tombstoneStream: (streamName, options) => store.tombstoneStream(streamName, options),
    close: () => store.close(),
  };
}

const asked = new WeakMap<FastifyRequest, Position>();

/**
 * Read your own writes: every answer to a request that appended events carries the position of
 * the last one (`Tiyende-Position`); a GET that names a position (`Tiyende-Min-Position`, or
 * `?minPosition=`) waits until the read models its route reads have applied it. It waits at most
 * MAX_READ_WAIT_MS and then answers anyway, with `Tiyende-Stale` naming the read models still
 * behind: a slightly old list beats an error, and the live updates bring the rest (the client
 * may ask again). A malformed position is a 400 naming the header or parameter.
 */
export function registerReadYourWrites(app: App, options: { positions: ReadPositions | undefined; readModels: readonly string[]; maxWaitMs?: number }): void {
  app.addHook('onRequest', (request, _reply, done) => appendedInRequest.run({ request }, done));
  app.addHook('onSend', async (_request, reply) => {
    const position = appendedInRequest.getStore()?.position;
    if (position) reply.header(POSITION_HEADER, serializePosition(position));
  });
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const query = request.query as Record<string, unknown> | undefined;
    const fromQuery = query?.minPosition;
    if (query && fromQuery !== undefined) delete query.minPosition;
    const header = request.headers[MIN_POSITION_HEADER];
    const [field, value] = header !== undefined ? [MIN_POSITION_HEADER, header] : ['minPosition', fromQuery];
    if (value === undefined) return;
    if (typeof value !== 'string' || value.length > 60) throw new InvalidArgumentError(field, 'must be a position as a command answered it (Tiyende-Position)');
    try {
      asked.set(request, parsePosition(value));
    } catch {
      throw new InvalidArgumentError(field, `"${value}" is not a position as a command answers it (Tiyende-Position)`);
    }
  });
  app.addHook('preHandler', async (request, reply) => {
    const min = asked.get(request);
    if (!min || !options.positions) return;
    const behind = await options.positions.waitFor(request.routeOptions.config.readModels ?? options.readModels, min, options.maxWaitMs ?? MAX_READ_WAIT_MS);
    if (behind.length > 0) reply.header(STALE_HEADER, behind.join(','));
  });
}

/**
 * Declares the read models the routes registered after it read (in this plugin and those it
 * registers): a read naming a position (`Tiyende-Min-Position`) then waits for these only, not for
 * every read model — an analytics table being rebuilt does not hold up a rider's ride. A route's
 * own `config.readModels` still wins; a group that declares nothing waits for every read model.
 */
export function readsFrom(app: FastifyInstance<any, any, any, any, any>, readModels: ReadonlyArray<{ name: string }>): void {
  const names = readModels.map((projection) => projection.name);
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, readModels: route.config?.readModels ?? names };
  });
}
