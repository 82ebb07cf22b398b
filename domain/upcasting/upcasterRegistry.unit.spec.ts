import { describe, expect, it } from 'vitest';
import { createEventUpcasters } from './eventUpcasters.js';
import { currentEventVersions, schemaVersionOf } from './eventVersions.js';
import { createUpcasterRegistry } from './upcasterRegistry.js';

const priced = (data: unknown, schemaVersion?: number) => ({
  type: 'FareQuoted',
  data,
  ...(schemaVersion === undefined ? {} : { metadata: { schemaVersion, correlationId: 'c-1' } }),
});

function fareRegistry() {
  return createUpcasterRegistry()
    .register('FareQuoted', 1, 2, (data) => ({ amountNgwee: Math.round((data as { amount: number }).amount * 100) }))
    .register('FareQuoted', 2, 3, (data) => ({ ...(data as object), currency: 'ZMW' }));
}

describe('upcaster registry', () => {
  it('takes an event without a schemaVersion as v1 and applies the whole chain', () => {
    expect(fareRegistry().upcast(priced({ amount: 25.5 }))).toEqual({
      type: 'FareQuoted',
      data: { amountNgwee: 2550, currency: 'ZMW' },
      metadata: { schemaVersion: 3 },
    });
  });

  it('starts the chain from the stored version and keeps the rest of the metadata', () => {
    expect(fareRegistry().upcast(priced({ amountNgwee: 1200 }, 2))).toEqual({
      type: 'FareQuoted',
      data: { amountNgwee: 1200, currency: 'ZMW' },
      metadata: { schemaVersion: 3, correlationId: 'c-1' },
    });
  });

  it('returns an event already at the latest version, or of a type with no upcasters, untouched', () => {
    const latest = priced({ amountNgwee: 1200, currency: 'ZMW' }, 3);
    const other = { type: 'DriverWentOffline', data: { driverId: 'd' } };
    expect(fareRegistry().upcast(latest)).toBe(latest);
    expect(fareRegistry().upcast(other)).toBe(other);
  });

  it('does not change the stored event it reads', () => {
    const stored = priced({ amount: 10 }, 1);
    fareRegistry().upcast(stored);
    expect(stored).toEqual(priced({ amount: 10 }, 1));
  });

  it('knows the latest version of each type', () => {
    expect(fareRegistry().latestVersion('FareQuoted')).toBe(3);
    expect(fareRegistry().latestVersion('Unknown')).toBe(1);
  });

  it('refuses an event the chain cannot bring to the latest version', () => {
    const gappy = createUpcasterRegistry().register('FareQuoted', 2, 3, (data) => data);
    expect(() => gappy.upcast(priced({ amount: 1 }))).toThrow('No upcaster takes FareQuoted from v1 towards v3');
  });

  it('refuses a second upcaster from the same version, a backward one, and a malformed version', () => {
    expect(() => fareRegistry().register('FareQuoted', 1, 2, (data) => data)).toThrow('already has an upcaster');
    expect(() => createUpcasterRegistry().register('FareQuoted', 2, 2, (data) => data)).toThrow('must go forward');
    expect(() => createUpcasterRegistry().register('FareQuoted', 0, 1, (data) => data)).toThrow('fromVersion');
    expect(() => fareRegistry().upcast(priced({ amount: 1 }, 1.5))).toThrow('metadata.schemaVersion');
  });
});

describe("the project's upcasters", () => {
  it('bring every event type to exactly the version the write side records today', () => {
    const upcasters = createEventUpcasters();
    for (const [type, version] of Object.entries(currentEventVersions)) {
      expect({ type, version: upcasters.latestVersion(type) }).toEqual({ type, version });
    }
  });

  it('refuse to name a schema version for an unknown event type', () => {
    expect(schemaVersionOf('RouteEncodingSubmitted')).toBe(2);
    expect(() => schemaVersionOf('SomethingHappened')).toThrow('Unknown event type SomethingHappened');
  });
});
