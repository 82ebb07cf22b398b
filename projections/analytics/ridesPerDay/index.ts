export { ridesPerDay, type RidesPerDayLine } from './queries.js';
