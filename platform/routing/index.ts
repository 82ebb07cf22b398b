/**
 * The routing port and its adapters: routes along the roads for quotes, ETAs and maps.
 *
 *   const routing = await createRouting(routingConfigFromEnv(process.env, config.DATA_DIR), verifiedRoutes, logFallback);
 *   const route = await routing.router.route({ waypoints: [pickup, ...stops, dropoff] });
 *   const { distanceKm, durationMin } = routeEstimateOf(route);   // priced on the route
 *   quoteFare({ vehicleId, distanceKm, durationMin, pricingMethod, conditions });
 *   routing.offline.updateVerifiedRoutes(nowVerified);            // when encodings are verified
 *
 * The configured engine (OSRM or Valhalla over HTTP) answers first; the offline router — quickest
 * paths over the imported or bundled road network joined with verified routes — answers when it
 * fails, and falls back to the great-circle estimate, labelled so, only where no road connects.
 */
export * from './types.js';
export { MAX_WAYPOINTS, parseRouteRequest } from './route.js';
export { chainRouters, type FallbackReport } from './chain.js';
export { routingConfigFromEnv, routingEnvSchema, type RoutingConfig, type RoutingEngineConfig } from './config.js';
export { createRouting, type Routing } from './createRouter.js';
export { osrmRouter, type OsrmOptions } from './engines/osrm.js';
export { valhallaRouter } from './engines/valhalla.js';
export type { EngineOptions } from './engines/http.js';
export { createOfflineRouter, VERIFIED_ROUTES_ATTRIBUTION, type OfflineRouter } from './offline/offlineRouter.js';
export { bundledRoadNetwork, type NetworkRoad, type RoadNetwork, type VerifiedRoute } from './offline/roadNetwork.js';
export { ROAD_SPEEDS_KMH, roadClasses, type RoadClass } from './offline/roadClasses.js';
export { loadRoadNetwork, readMapManifest, MAP_FILES, OSM_ATTRIBUTION, OSM_LICENCE, TILE_LAYER, type MapManifest } from './mapData.js';
export { routeEstimateOf } from './fareEstimate.js';
export { simplifyLine, summariseRoute, type RouteSummary } from './summary.js';
