import { z } from 'zod';

/**
 * What the server writes into the page it serves (api/routes/web.ts, as
 * `window.__TIYENDE_CONFIG__`): run-time settings the web app reads before its first request.
 */
export const ClientConfig = z.object({
  tileUrl: z.string().optional().describe('Online raster tiles (`https://…/{z}/{x}/{y}.png`); without it the map is the offline basemap only'),
  tileAttribution: z.string().optional(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;
