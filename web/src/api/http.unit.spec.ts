import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './queryClient.js';
import { HttpError, postJson, requestJson, serverMessageOr } from './http.js';

const answer = (status: number, body: string, statusText = '') => vi.fn(async () => new Response(body || null, { status, statusText }));

describe('requestJson', () => {
  it('sends credentials, and a JSON body with its content type only when there is one', async () => {
    const fetchImpl = answer(200, '{"ok":true}');
    await expect(postJson('/api/support/contact', { name: 'Mwila' }, fetchImpl)).resolves.toEqual({ ok: true });
    await requestJson('GET', '/api/auth/user', undefined, fetchImpl);
    const [, withBody] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    const [, withoutBody] = fetchImpl.mock.calls[1] as unknown as [string, RequestInit];
    expect(withBody).toMatchObject({ method: 'POST', credentials: 'include', body: '{"name":"Mwila"}' });
    expect(withBody.headers).toMatchObject({ 'content-type': 'application/json' });
    expect(withoutBody).toMatchObject({ method: 'GET', credentials: 'include', body: undefined });
    expect(withoutBody.headers).not.toHaveProperty('content-type');
  });

  it('throws "<status>: <body>" on a refusal, or the status text when the body is empty', async () => {
    await expect(requestJson('GET', '/x', undefined, answer(401, '{"message":"Sign in first","code":"unauthorised"}'))).rejects.toThrow(
      '401: {"message":"Sign in first","code":"unauthorised"}',
    );
    await expect(requestJson('GET', '/x', undefined, answer(503, '', 'Service Unavailable'))).rejects.toThrow('503: Service Unavailable');
  });

  it('resolves an empty answer (204) to undefined', async () => {
    await expect(requestJson('POST', '/api/auth/logout', undefined, answer(204, ''))).resolves.toBeUndefined();
  });

  it('finds the server’s message in a JSON error body, else uses the fallback', () => {
    expect(serverMessageOr(new HttpError(400, '{"message":"Subject too short"}', 'Bad Request'), 'Please try again later.')).toBe('Subject too short');
    expect(serverMessageOr(new HttpError(502, '<html>bad gateway</html>', 'Bad Gateway'), 'Please try again later.')).toBe('Please try again later.');
    expect(serverMessageOr(new TypeError('Failed to fetch'), 'Please try again later.')).toBe('Please try again later.');
  });
});

describe('the query client', () => {
  it('never refetches on focus, never retries, and keeps data fresh', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({ staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it('fetches a key by joining its parts with slashes', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"id":"r1"}'));
    try {
      const client = createQueryClient();
      await expect(client.fetchQuery({ queryKey: ['/api/rides', 'r1'] })).resolves.toEqual({ id: 'r1' });
      expect(fetchSpy).toHaveBeenCalledWith('/api/rides/r1', expect.objectContaining({ credentials: 'include' }));
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
