import { parseRouteRequest } from './route.js';
import { RoutingFailure, type Route, type RouteRequest, type Router } from './types.js';

/** Told each time a router in the chain fails and the next one answers instead (for the logs). */
export type FallbackReport = (failure: RoutingFailure) => void;

/**
 * The routers in order, the first that answers wins: the configured engine first, the offline
 * router last (it always answers). A failure of any kind — no route, refused, down, too slow,
 * an answer off its documented shape — moves on to the next; bad input is refused before any
 * router is asked.
 */
export function chainRouters(routers: readonly Router[], onFallback: FallbackReport = () => {}): Router {
  if (routers.length === 0) throw new RangeError('routers: the chain needs at least one');
  return {
    name: routers.map((router) => router.name).join(' → '),
    async route(request: RouteRequest): Promise<Route> {
      const valid = parseRouteRequest(request);
      const last = routers.at(-1)!;
      for (const router of routers.slice(0, -1)) {
        try {
          return await router.route(valid);
        } catch (error) {
          onFallback(error instanceof RoutingFailure ? error : new RoutingFailure(router.name, 'unavailable', (error as Error).message));
        }
      }
      return last.route(valid);
    },
  };
}
