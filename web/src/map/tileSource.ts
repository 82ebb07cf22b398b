import type { ClientConfig } from '../../../contract/clientConfig.js';

/** What the server may put in the page (api/routes/web.ts injects it into index.html). */
export type { ClientConfig };

declare global {
  interface Window {
    __TIYENDE_CONFIG__?: ClientConfig;
  }
}

export interface TileSourceConfig {
  url: string;
  attribution?: string;
}

/**
 * Online raster tiles, only when a tile URL is configured: at run time by the server
 * (window.__TIYENDE_CONFIG__) or at build time (VITE_TILE_URL). Without one the map draws only
 * the bundled Copperbelt basemap and makes no network request.
 */
export function configuredTileSource(): TileSourceConfig | undefined {
  const runtime = typeof window === 'undefined' ? undefined : window.__TIYENDE_CONFIG__;
  const url = runtime?.tileUrl || import.meta.env.VITE_TILE_URL;
  if (!url) return undefined;
  const attribution = runtime?.tileAttribution || import.meta.env.VITE_TILE_ATTRIBUTION;
  return attribution ? { url, attribution } : { url };
}
