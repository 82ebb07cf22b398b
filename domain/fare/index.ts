/**
 * The fare engine: one pure function, `quoteFare`, prices a trip in integer ngwee; the rest
 * derive its inputs (conditions from admin settings and the hour, a fallback route) and its
 * limits (bid bounds), and show its amounts (rounded up to 0.1 ZMW).
 *
 * The API quotes a ride like this:
 *   const route = routeService ?? estimateRoute(pickup, dropoff);
 *   quoteFare({ vehicleId, distanceKm: route.distanceKm, durationMin: route.durationMin,
 *               pricingMethod, conditions: conditionsFor({ hour: lusakaHour(now), surgeEnabled,
 *               weather, traffic: route.trafficLevel }) });
 */
export * from './money.js';
export * from './rates.js';
export * from './conditions.js';
export * from './route.js';
export * from './quote.js';
export * from './bids.js';
export * from './commission.js';
