import { describe, expect, it, vi } from 'vitest';
import { ReadPosition } from '../../../contract/readPosition.js';
import { requestJson } from './http.js';

describe('the page’s reads after its own writes', () => {
  it('is learnt from a command’s answer and sent with the reads after it, never with writes', async () => {
    const position = new ReadPosition();
    const fetchImpl = vi.fn(async (path: string) =>
      path === '/api/rides' ? new Response('{"id":"r1"}', { status: 201, headers: { 'tiyende-position': '4242/7' } }) : new Response('{"rides":[]}'),
    );
    await requestJson('GET', '/api/rides/mine', undefined, fetchImpl as typeof fetch, position);
    await requestJson('POST', '/api/rides', { vehicleType: 'car' }, fetchImpl as typeof fetch, position);
    await requestJson('GET', '/api/rides/mine', undefined, fetchImpl as typeof fetch, position);
    await requestJson('POST', '/api/rides/r1/cancel', {}, fetchImpl as typeof fetch, position);
    const headersOf = (call: number) => (fetchImpl.mock.calls[call] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headersOf(0)).not.toHaveProperty('tiyende-min-position');
    expect(headersOf(2)).toMatchObject({ 'tiyende-min-position': '4242/7' });
    expect(headersOf(3)).not.toHaveProperty('tiyende-min-position');
  });
});
