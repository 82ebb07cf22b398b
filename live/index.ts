/**
 * Live updates over WebSocket (`/ws`): a consumer of events beside the projections. The hub follows
 * `$all` on its own subscription and turns ride, bid and dispatch events and driver positions into
 * messages for exactly the sockets allowed to see them. api/routes/live only attaches signed-in
 * sockets to it; everything outside live/ goes through this file (`npm run lint`: live-through-its-face).
 *
 * For a route that records a driver's position (`request.server.live` is the hub, or null when the
 * app runs without one):
 *
 *   const { stored } = await recordDriverLocation(db, { driverId, lat, lng, heading, at });
 *   if (stored) await request.server.live?.publishLocation({ driverId, lat, lng, heading, at });
 */
export { LiveHub, defaultLiveHubOptions, type Deliveries, type LiveHubDeps, type LiveHubOptions } from './hub.js';
export { fromNewestCheckpoint, type CheckpointReporter } from './startPosition.js';
export type { DriverPosition } from './locationRelay.js';
export type { LiveUser } from './connection.js';
export * from '../contract/live.js';
