/**
 * Live updates over WebSocket (`/ws`): the hub that turns `$all` events and driver positions into
 * messages for the sockets allowed to see them. The route plugin is api/routes/live.
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
export * from '../../domain/live/messages.js';
