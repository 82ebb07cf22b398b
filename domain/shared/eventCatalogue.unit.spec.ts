import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { eventCatalogue } from './eventCatalogue.js';

const catalogue = eventCatalogue('gate', {
  GateOpened: { version: 1, schema: z.object({ gateId: z.string().min(1) }) },
  GateClosed: { version: 2, schema: z.object({ gateId: z.string().min(1), by: z.string() }) },
});

describe('an event catalogue', () => {
  it('lists the types and knows its own', () => {
    expect(catalogue.types).toEqual(['GateOpened', 'GateClosed']);
    expect(catalogue.isType('GateClosed')).toBe(true);
    expect(catalogue.isType('toString')).toBe(false);
  });

  it('parses an event against its schema, naming the field that is wrong, and refuses a stranger', () => {
    expect(catalogue.parse({ type: 'GateOpened', data: { gateId: 'g-1', extra: 1 } })).toEqual({ type: 'GateOpened', data: { gateId: 'g-1' } });
    expect(() => catalogue.parse({ type: 'GateClosed', data: { gateId: '' } })).toThrow(/gateId|by/);
    expect(() => catalogue.parse({ type: 'GateMelted', data: {} })).toThrow("Unknown gate event type 'GateMelted'");
  });
});
