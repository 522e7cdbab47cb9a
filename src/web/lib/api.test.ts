import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, buildUrl, errorMessage } from './api.ts';
import { clearCredentials, setCredentials } from './credentials.ts';

const fetchMock = vi.fn();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  clearCredentials();
});
afterEach(() => vi.unstubAllGlobals());

const respond = (status: number, body: string) => fetchMock.mockResolvedValueOnce(new Response(status === 204 ? null : body, { status }));
const lastInit = () => fetchMock.mock.calls.at(-1)![1] as RequestInit & { headers: Record<string, string> };

describe('apiRequest', () => {
  it('always sends cookies and the client id on /api/ paths', async () => {
    respond(200, '{"ok":true}');
    await apiRequest('GET', '/api/thing');
    expect(lastInit().credentials).toBe('include');
    expect(lastInit().headers['X-Client-Id']).toBe('web');
    expect(lastInit().headers['X-User-Id']).toBeUndefined();
  });

  it('does not send the client id outside /api/', async () => {
    respond(200, '{}');
    await apiRequest('GET', '/other');
    expect(lastInit().headers['X-Client-Id']).toBeUndefined();
  });

  it('adds the user id and auth token once signed in', async () => {
    setCredentials({ userId: 'u1', authToken: 't1' });
    respond(200, '{}');
    await apiRequest('GET', '/api/auth/me');
    expect(lastInit().headers['X-User-Id']).toBe('u1');
    expect(lastInit().headers['X-Auth-Token']).toBe('t1');
  });

  it('sends JSON bodies as JSON and form data as is', async () => {
    respond(200, '{}');
    await apiRequest('POST', '/api/x', { body: { a: 1 } });
    expect(lastInit().headers['Content-Type']).toBe('application/json');
    expect(lastInit().body).toBe('{"a":1}');

    const form = new FormData();
    form.append('f', 'v');
    respond(200, '{}');
    await apiRequest('POST', '/api/x', { body: form });
    expect(lastInit().body).toBe(form);
    expect(lastInit().headers['Content-Type']).toBeUndefined();
  });

  it('turns a non-OK response into "<status>: <body text>"', async () => {
    respond(404, '{"status":"error","error":"Not found"}');
    const err = (await apiRequest('GET', '/api/missing').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('404: {"status":"error","error":"Not found"}');
    expect(err.status).toBe(404);
    expect(errorMessage(err, 'fallback')).toBe('Not found');
  });

  it('fails on a 200 body whose status is "error", with its error text', async () => {
    respond(200, '{"status":"error","error":"Invalid verification code"}');
    await expect(apiRequest('POST', '/api/verify-otp', { body: {} })).rejects.toThrow('Invalid verification code');
  });

  it('asks again after Retry-After when a busy server sheds a read, but never repeats a write', async () => {
    vi.useFakeTimers();
    try {
      const busy = () => new Response('{"status":"error","error":"busy"}', { status: 503, headers: { 'Retry-After': '1' } });
      fetchMock.mockResolvedValueOnce(busy()).mockResolvedValueOnce(new Response('{"ok":true}', { status: 200 }));
      const read = apiRequest('GET', '/api/thing');
      await vi.advanceTimersByTimeAsync(1_000);
      await expect(read).resolves.toEqual({ ok: true });
      expect(fetchMock).toHaveBeenCalledTimes(2);

      fetchMock.mockReset();
      fetchMock.mockResolvedValueOnce(busy());
      await expect(apiRequest('POST', '/api/thing', { body: {} })).rejects.toMatchObject({ status: 503 });
      expect(fetchMock).toHaveBeenCalledTimes(1);

      // Two retries at most, then the 503 is the answer.
      fetchMock.mockReset();
      fetchMock.mockResolvedValueOnce(busy()).mockResolvedValueOnce(busy()).mockResolvedValueOnce(busy());
      const given = apiRequest('GET', '/api/thing').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await given).toMatchObject({ status: 503 });
      expect(fetchMock).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('returns null for an empty body', async () => {
    respond(204, '');
    expect(await apiRequest('POST', '/api/analytics/page-view', { body: { path: '/' } })).toBeNull();
  });
});

describe('buildUrl', () => {
  it('appends params, skipping empty ones', () => {
    expect(buildUrl('/api/a', { q: 'x y', page: 2, none: undefined, empty: '' })).toBe('/api/a?q=x+y&page=2');
    expect(buildUrl('/api/a?x=1', { y: true })).toBe('/api/a?x=1&y=true');
    expect(buildUrl('/api/a')).toBe('/api/a');
  });
});
