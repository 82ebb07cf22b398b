import { describe, expect, it } from 'vitest';
import { parseSimulationOptions } from './options.js';

describe('simulator options', () => {
  it('defaults to the local server, forever, a tick every 2 s', () => {
    const options = parseSimulationOptions([], 4, 1234);
    expect(options).toMatchObject({ rides: undefined, tickMs: 2000, stepMetres: 200, riders: 4, seed: 1234, longStops: 0.1 });
    expect(options !== 'help' && options.baseUrl.origin).toBe('http://localhost:3000');
  });

  it('reads every option', () => {
    const options = parseSimulationOptions(['--url', 'http://127.0.0.1:4000', '--rides', '2', '--tick-ms', '100', '--step-metres', '900', '--riders', '1', '--seed', '7', '--long-stops', '0.5'], 4);
    expect(options).toMatchObject({ rides: 2, tickMs: 100, stepMetres: 900, riders: 1, seed: 7, longStops: 0.5 });
    expect(options !== 'help' && options.baseUrl.port).toBe('4000');
    expect(parseSimulationOptions(['--help'], 4)).toBe('help');
  });

  it('drives servers on this machine only', () => {
    expect(() => parseSimulationOptions(['--url', 'https://tiyende.example'], 4)).toThrow(/--url: .*this machine only/);
    expect(() => parseSimulationOptions(['--url', 'http://10.0.0.5:3000'], 4)).toThrow(/--url/);
    expect(() => parseSimulationOptions(['--url', 'ftp://localhost'], 4)).toThrow(/--url: must be http/);
    expect(parseSimulationOptions(['--url', 'http://[::1]:3000'], 4)).not.toBe('help');
  });

  it('names the option a bad value was given for', () => {
    expect(() => parseSimulationOptions(['--rides', '0'], 4)).toThrow(/--rides: must be a whole number from 1/);
    expect(() => parseSimulationOptions(['--tick-ms', 'fast'], 4)).toThrow(/--tick-ms/);
    expect(() => parseSimulationOptions(['--riders', '9'], 4)).toThrow(/--riders: must be a whole number from 1 to 4/);
    expect(() => parseSimulationOptions(['--speed', '3'], 4)).toThrow(/speed/);
    expect(() => parseSimulationOptions(['--long-stops', '1.5'], 4)).toThrow(/--long-stops: must be a number from 0 to 1/);
    expect(() => parseSimulationOptions(['--long-stops', 'often'], 4)).toThrow(/--long-stops/);
  });
});
