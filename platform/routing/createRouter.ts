import { chainRouters, type FallbackReport } from './chain.js';
import type { RoutingConfig } from './config.js';
import { osrmRouter } from './engines/osrm.js';
import { valhallaRouter } from './engines/valhalla.js';
import { loadRoadNetwork } from './mapData.js';
import { createOfflineRouter, type OfflineRouter } from './offline/offlineRouter.js';
import type { VerifiedRoute } from './offline/roadNetwork.js';
import type { Router } from './types.js';

export interface Routing {
  /** Ask this: the configured engine, then the offline router. */
  router: Router;
  /** Feed it the verified routes (and again whenever they change). */
  offline: OfflineRouter;
}

/**
 * The routers the configuration asks for: the offline router over the imported network (or the
 * bundled roads when none was imported) joined with the verified routes, behind the configured
 * engine when there is one.
 */
export async function createRouting(config: RoutingConfig, verifiedRoutes: readonly VerifiedRoute[] = [], onFallback?: FallbackReport): Promise<Routing> {
  const offline = createOfflineRouter(await loadRoadNetwork(config.mapDataDir), verifiedRoutes);
  const { engine } = config;
  if (engine.kind === 'none') return { router: offline, offline };
  const primary = engine.kind === 'osrm' ? osrmRouter(engine) : valhallaRouter(engine);
  return { router: chainRouters([primary, offline], onFallback), offline };
}
