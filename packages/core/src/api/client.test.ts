import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { createApiClient } from './client.ts';
import { resolveApiBase } from './http.ts';
import { loadMessageFor } from './load-messages.ts';

// Watched: the catalogue does not come with the calls (decision 065).
vi.mock(import('./load-messages.ts'), async (original) => {
  const actual = await original();
  return { ...actual, loadMessageFor: vi.fn(actual.loadMessageFor) };
});

const location = { origin: 'https://marina.example', hostname: 'marina.example' };

function problem(status: number, body: object, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ type: 'about:blank', title: 't', status, ...body }), {
    status,
    headers: { 'Content-Type': 'application/problem+json', ...headers },
  });
}

function clientWith(fetchImpl: typeof fetch, apiUrl = '/') {
  return createApiClient({
    apiUrl,
    clientId: 41,
    location,
    readCookies: () => 'XSRF-TOKEN=tok',
    fetch: fetchImpl,
    retryDelay: () => 0,
  });
}

describe('resolveApiBase', () => {
  it('uses the page origin for "/"', () => {
    expect(resolveApiBase('/', location)).toEqual({ prefix: '/api/v1', origin: 'https://marina.example' });
  });

  it('fills {host} with the page host and keeps port 8443', () => {
    expect(resolveApiBase('https://{host}:8443', location)).toEqual({
      prefix: 'https://marina.example:8443/api/v1',
      origin: 'https://marina.example:8443',
    });
  });
});

describe('createApiClient', () => {
  it('leaves the error catalogue to whoever shows a failure: the first call (the session check) does without', async () => {
    vi.mocked(loadMessageFor).mockClear();
    const api = clientWith((async () => Response.json({})) as unknown as typeof fetch);
    await api.get('session');
    await api.send('post', 'session', {});
    expect(loadMessageFor).not.toHaveBeenCalled();
  });

  it('names the client and sends the XSRF token on a create to the API origin', async () => {
    const fetchMock = vi.fn(async (_request: Request) => Response.json({ id: 1 }, { status: 201 }));
    const api = clientWith(fetchMock as unknown as typeof fetch, 'https://{host}:8443');
    await api.create('launches', { boatId: 1 }, { idempotencyKey: 'key-1' });
    const request = fetchMock.mock.calls[0]![0];
    expect(request.url).toBe('https://marina.example:8443/api/v1/launches');
    expect(request.headers.get('X-Client-Id')).toBe('41');
    expect(request.headers.get('X-XSRF-TOKEN')).toBe('tok');
    expect(request.headers.get('Idempotency-Key')).toBe('key-1');
    // The API on another port is another origin: its session cookie goes only with credentials included.
    expect(request.credentials).toBe('include');
  });

  it('asks an API on another origin only for headers its CORS preflight allows', async () => {
    const fetchMock = vi.fn(async (_request: Request) => Response.json({}));
    const api = clientWith(fetchMock as unknown as typeof fetch, 'https://{host}:8443');
    await api.get('session');
    await api.create('registrations', {}, { idempotencyKey: 'key-1' });
    await api.send('patch', 'me', {});
    // The server's list (apps/api/src/security/cors.ts); Accept is one a browser never preflights.
    const allowed = new Set(['accept', 'content-type', 'x-client-id', 'x-xsrf-token', 'idempotency-key']);
    for (const [request] of fetchMock.mock.calls)
      expect([...request.headers.keys()].filter((name) => !allowed.has(name))).toEqual([]);
  });

  it('turns a problem answer into an ApiError with its code and field errors', async () => {
    const fetchMock = vi.fn(async () =>
      problem(400, { code: 'validation_failed', errors: [{ field: 'email', code: 'invalid' }] }),
    );
    const api = clientWith(fetchMock as unknown as typeof fetch);
    const error = await api.send('post', 'things', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'validation_failed', status: 400, fieldErrors: [{ field: 'email' }] });
  });

  it('reads Retry-After on a 429', async () => {
    const fetchMock = vi.fn(async () => problem(429, { code: 'rate_limited' }, { 'Retry-After': '30' }));
    const api = clientWith(fetchMock as unknown as typeof fetch);
    await expect(api.send('post', 'sign-in', {})).rejects.toMatchObject({ code: 'rate_limited', retryAfter: 30 });
  });

  it('retries a GET after a network failure', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(Response.json({ ok: true }));
    const api = clientWith(fetchMock as unknown as typeof fetch);
    await expect(api.get('health')).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('retries a create with the same Idempotency-Key', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(Response.json({ id: 7 }, { status: 201 }));
    const api = clientWith(fetchMock as unknown as typeof fetch);
    await expect(api.create('launches', { a: 1 }, { idempotencyKey: 'same' })).resolves.toEqual({ id: 7 });
    const keys = fetchMock.mock.calls.map(([request]) => (request as Request).headers.get('Idempotency-Key'));
    expect(keys).toEqual(['same', 'same']);
  });

  it('never retries a state change that has no key', async () => {
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const api = clientWith(fetchMock as unknown as typeof fetch);
    await expect(api.send('post', 'sign-out')).rejects.toMatchObject({ code: 'network_error' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends a file as the raw body with its own type, and reads a file answer as a Blob', async () => {
    let received: Uint8Array | undefined;
    const fetchMock = vi.fn(async (request: Request) => {
      if (request.method !== 'PUT')
        return new Response(new Uint8Array([0x25, 0x50]), { headers: { 'Content-Type': 'application/pdf' } });
      received = new Uint8Array(await request.arrayBuffer());
      return new Response(null, { status: 204 });
    });
    const api = clientWith(fetchMock as unknown as typeof fetch);
    const file = new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], { type: 'application/pdf' });
    await api.send('put', 'boats/b1/insurance-certificate', file);
    const sent = fetchMock.mock.calls[0]![0];
    expect(sent.headers.get('Content-Type')).toBe('application/pdf');
    expect(received).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]));
    const answer = await api.get<Blob>('boats/b1/insurance-certificate');
    // Not `toBeInstanceOf(Blob)`: the fetch answer's Blob is Node's, the test's global jsdom's (vmThreads pool).
    expect(Object.prototype.toString.call(answer)).toBe('[object Blob]');
    expect(answer.type).toBe('application/pdf');
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50]));
  });

  it('reports a failure with no answer as a network error', async () => {
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const api = clientWith(fetchMock as unknown as typeof fetch);
    await expect(api.get('health')).rejects.toMatchObject({ code: 'network_error' });
  });
});

describe('a refused XSRF token', () => {
  it('fetches a fresh token and tries the change once more', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(problem(403, { code: 'csrf_failed' }))
      .mockResolvedValueOnce(problem(401, { code: 'unauthenticated' }))
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    const api = clientWith(fetchMock as unknown as typeof fetch);
    await expect(api.send('post', 'session', { a: 1 })).resolves.toBeUndefined();
    const calls = fetchMock.mock.calls.map(
      ([request]) => `${(request as Request).method} ${new URL((request as Request).url).pathname}`,
    );
    expect(calls).toEqual(['POST /api/v1/session', 'GET /api/v1/session', 'POST /api/v1/session']);
  });
});

describe('a first call made offline', () => {
  it('says there is no connection, and the next call loads the HTTP part again', async () => {
    // The HTTP part's chunk cannot be fetched once (no connection at the first call), then it can. Fresh
    // modules: the client's own, not the one the other tests share, whose HTTP part is loaded.
    let offline = true;
    vi.doMock(import('./http.ts'), async (original) => {
      if (offline) throw new TypeError('Failed to fetch dynamically imported module');
      return original();
    });
    vi.resetModules();
    try {
      const { createApiClient: create } = await import('./client.ts');
      const { ApiError: FreshApiError } = await import('./api-error.ts');
      const api = create({
        apiUrl: '/',
        clientId: 41,
        location,
        fetch: (async () => Response.json({ ok: true })) as unknown as typeof fetch,
      });
      const first = api.get('session');
      await expect(first).rejects.toBeInstanceOf(FreshApiError);
      await expect(first).rejects.toMatchObject({ code: 'network_error' });
      offline = false;
      await expect(api.get('session')).resolves.toEqual({ ok: true });
    } finally {
      vi.doUnmock('./http.ts');
      vi.resetModules();
    }
  });
});
