import path from 'node:path';
import { z } from 'zod';
import { OSM_ATTRIBUTION } from './mapData.js';

/**
 * The routing environment variables, for api/config.ts to take into its schema:
 *
 * - `ROUTING_ENGINE` — `osrm` or `valhalla` to ask a routing engine the operator runs first;
 *   `none` (the default) routes with the offline router alone.
 * - `ROUTING_URL` — the engine's base URL (`http://osrm:5000`, `http://valhalla:8002`); required
 *   with an engine.
 * - `ROUTING_TIMEOUT_MS` — how long to wait for the engine before the offline router answers
 *   instead (default 2500).
 * - `ROUTING_PROFILE` — OSRM's profile path segment (default `driving`).
 * - `ROUTING_ATTRIBUTION` — the attribution of the engine's data (default
 *   "© OpenStreetMap contributors", as for the Zambia extract engines are built from).
 * - `MAP_DATA_DIR` — the folder `npm run map:import` writes and the offline router reads (default
 *   `<DATA_DIR>/map`).
 */
export const routingEnvSchema = z.object({
  ROUTING_ENGINE: z.enum(['none', 'osrm', 'valhalla']).default('none'),
  ROUTING_URL: z.url({ protocol: /^https?$/ }).optional(),
  ROUTING_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2500),
  ROUTING_PROFILE: z.string().regex(/^[a-z0-9_-]+$/i).default('driving'),
  ROUTING_ATTRIBUTION: z.string().min(1).default(OSM_ATTRIBUTION),
  MAP_DATA_DIR: z.string().min(1).optional(),
});

export type RoutingEngineConfig =
  | { kind: 'none' }
  | { kind: 'osrm' | 'valhalla'; baseUrl: string; timeoutMs: number; profile: string; attribution: string };

export interface RoutingConfig {
  engine: RoutingEngineConfig;
  mapDataDir: string;
}

/** The routing configuration from the environment; a bad value throws naming the variable. */
export function routingConfigFromEnv(env: Record<string, string | undefined>, dataDir: string): RoutingConfig {
  const parsed = routingEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  const { ROUTING_ENGINE, ROUTING_URL, ROUTING_TIMEOUT_MS, ROUTING_PROFILE, ROUTING_ATTRIBUTION, MAP_DATA_DIR } = parsed.data;
  const mapDataDir = MAP_DATA_DIR ?? path.join(dataDir, 'map');
  if (ROUTING_ENGINE === 'none') return { engine: { kind: 'none' }, mapDataDir };
  if (!ROUTING_URL) throw new Error(`Invalid configuration: ROUTING_URL: is required with ROUTING_ENGINE=${ROUTING_ENGINE}`);
  return {
    engine: { kind: ROUTING_ENGINE, baseUrl: ROUTING_URL, timeoutMs: ROUTING_TIMEOUT_MS, profile: ROUTING_PROFILE, attribution: ROUTING_ATTRIBUTION },
    mapDataDir,
  };
}
