import type { MapInfo } from '../../../contract/maps.js';
import { getJson } from '../api/http.js';

let asked: Promise<MapInfo | null> | undefined;

/**
 * What the server's imported map data offers (GET /api/map): asked once per page load; null when
 * the server cannot say (offline), and the map draws the bundled basemap alone.
 */
export function importedMapInfo(): Promise<MapInfo | null> {
  asked ??= getJson<MapInfo>('/api/map').catch(() => null);
  return asked;
}
