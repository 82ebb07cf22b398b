/** The geo-mapping page's API: encode routes, verify others', see your contributions. */
export { routeEncodingRoutes as routeEncodingsGroup } from './routes.js';
