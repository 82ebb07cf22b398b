export { revenuePerDay, type RevenueLine } from './queries.js';
