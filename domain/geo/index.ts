/**
 * Geometry on the Earth's surface, pure and reusable: great-circle distances and polyline
 * lengths, a point's projection onto a polyline (snapping, corridors, "is the driver still on the
 * way"), and bearings and turns (the words of turn-by-turn steps).
 */
export * from './distance.js';
export * from './projection.js';
export * from './bearing.js';
