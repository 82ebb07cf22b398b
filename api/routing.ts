import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { createRouting, type FallbackReport, type Routing, type RoutingConfig } from '../platform/routing/index.js';
import { encodingsMark, verifiedEncodings, type RouteEncodingsTables } from '../projections/routeEncodings/index.js';

/** How often the server looks for newly verified (or revised) route encodings. */
export const VERIFIED_ROUTES_POLL_MS = 10_000;

export interface ServedRouting extends Routing {
  /** Reload the verified encodings now if any encoding changed since the last load; true when it reloaded. */
  refresh(): Promise<boolean>;
  stop(): void;
}

/**
 * The routers the app prices and draws with (platform/routing createRouting), fed the encodings
 * contributors verified on the geo-mapping page: loaded at start, then reloaded whenever the
 * route-encodings read model changes (checked every `pollMs`).
 */
export async function startRouting(config: RoutingConfig, db: Kysely<RouteEncodingsTables>, options: { logger?: Logger; pollMs?: number } = {}): Promise<ServedRouting> {
  const { logger } = options;
  const onFallback: FallbackReport = (failure) =>
    logger?.warn({ router: failure.router, kind: failure.kind, reason: failure.message }, 'routing engine did not answer: the offline router did');
  const routing = await createRouting(config, [], onFallback);
  const served = await feedVerifiedRoutes(routing, db, options);
  logger?.info({ engine: config.engine.kind, mapDataDir: config.mapDataDir }, 'routing ready');
  return served;
}

/** Keeps the offline router's verified routes in step with the route-encodings read model. */
export async function feedVerifiedRoutes(routing: Routing, db: Kysely<RouteEncodingsTables>, options: { logger?: Logger; pollMs?: number } = {}): Promise<ServedRouting> {
  const { logger } = options;
  let mark: string | null = null;

  async function refresh(): Promise<boolean> {
    if (mark !== null && (await encodingsMark(db)) === mark) return false;
    const latest = await verifiedEncodings(db);
    mark = latest.mark;
    routing.offline.updateVerifiedRoutes(latest.encodings);
    logger?.info({ verifiedRoutes: latest.encodings.length }, 'verified routes loaded');
    return true;
  }

  await refresh();
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(refresh).catch((error: unknown) => logger?.warn({ err: error }, 'could not reload the verified routes'));
  }, options.pollMs ?? VERIFIED_ROUTES_POLL_MS);
  timer.unref();
  return { ...routing, refresh, stop: () => clearInterval(timer) };
}
