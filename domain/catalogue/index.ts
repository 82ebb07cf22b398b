/**
 * The product catalogue: vehicles and services, the towns we serve, the bundled directory of
 * known places and its search, payment methods and providers, emergency numbers and map
 * defaults. Pure data and functions; every amount of money is integer ngwee.
 */
export * from './vehicles.js';
export * from './cities.js';
export * from './geography.js';
export * from './places.js';
export * from './placeSearch.js';
export * from './payments.js';
export * from './emergency.js';
// The zod schemas of these values are in ./schemas.js, imported from there: re-exported here, every
// screen that reads the catalogue would download zod with it.
