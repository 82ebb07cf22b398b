import { describe, expect, it } from 'vitest';
import { UnavailableError } from '../../platform/eventStore/port.js';
import { defineProjection, type Projection } from './projection.js';
import { ProjectionHandlerError } from './projectionWorker.js';
import { isTransient } from './transientErrors.js';

const valid: Projection = { name: 'pendingRides', tables: ['rm_pending_rides'], migrations: {}, handle: async () => {} };

describe('defineProjection', () => {
  it('accepts a camelCase name, a positive version and at least one table', () => {
    expect(defineProjection({ ...valid, version: 3 })).toMatchObject({ name: 'pendingRides', version: 3 });
  });

  it.each([
    [{ name: 'pending-rides' }, 'projection.name'],
    [{ name: 'aVeryLongProjectionNameIndeedOk1' }, 'projection.name'],
    [{ version: 0 }, 'projection.version'],
    [{ tables: [] }, 'projection.tables'],
  ])('refuses %j, naming %s', (change, field) => {
    expect(() => defineProjection({ ...valid, ...change })).toThrow(field);
  });
});

describe('isTransient', () => {
  it('retries what a database outage causes, however deeply wrapped', () => {
    const dropped = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const batch = { events: [{ streamName: 'ride-1', revision: 0n, type: 'RideRequested', position: { commit: 1n, prepare: 1n } }] };
    expect(isTransient(new ProjectionHandlerError('seen', batch as never, { cause: dropped }))).toBe(true);
    expect(isTransient(new UnavailableError('PostgreSQL is unavailable'))).toBe(true);
    expect(isTransient(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('does not retry a bug', () => {
    const violation = Object.assign(new Error('null value in column "category"'), { code: '23502' });
    expect(isTransient(violation)).toBe(false);
    expect(isTransient(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
  });
});
