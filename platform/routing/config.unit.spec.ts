import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routingConfigFromEnv } from './config.js';

describe('routing configuration from the environment', () => {
  it('routes offline from <DATA_DIR>/map when nothing is set', () => {
    expect(routingConfigFromEnv({}, '.data')).toEqual({ engine: { kind: 'none' }, mapDataDir: path.join('.data', 'map') });
  });

  it('asks a configured engine first, with its URL, timeout, profile and attribution', () => {
    const config = routingConfigFromEnv(
      { ROUTING_ENGINE: 'valhalla', ROUTING_URL: 'http://valhalla:8002', ROUTING_TIMEOUT_MS: '1500', MAP_DATA_DIR: '/srv/map' },
      '.data',
    );
    expect(config).toEqual({
      engine: { kind: 'valhalla', baseUrl: 'http://valhalla:8002', timeoutMs: 1500, profile: 'driving', attribution: '© OpenStreetMap contributors' },
      mapDataDir: '/srv/map',
    });
  });

  it.each([
    [{ ROUTING_ENGINE: 'osrm' }, /^Invalid configuration: ROUTING_URL: is required with ROUTING_ENGINE=osrm$/],
    [{ ROUTING_ENGINE: 'graphhopper', ROUTING_URL: 'http://x' }, /^Invalid configuration: ROUTING_ENGINE: /],
    [{ ROUTING_ENGINE: 'osrm', ROUTING_URL: 'ftp://osrm' }, /^Invalid configuration: ROUTING_URL: /],
    [{ ROUTING_TIMEOUT_MS: 'soon' }, /^Invalid configuration: ROUTING_TIMEOUT_MS: /],
  ])('stops on %o, naming the variable', (env, message) => {
    expect(() => routingConfigFromEnv(env, '.data')).toThrow(message);
  });
});
