import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, signedInSession } from '../test/fixtures.ts';
import { createHttpClient, fileNameOf, HttpError, NetworkError } from './http-client.ts';
import { setNavigator } from './navigation.ts';
import { clearSession, sessionStore } from './session-store.ts';

type Call = { url: string; headers: Record<string, string>; body: unknown };

/** A fake server at the network boundary: access tokens `access-<n>` are valid from `validFrom` on. */
function fakeServer({ refreshStatus = 200, validAccess = 'access-2' } = {}) {
  const calls: Call[] = [];
  let refreshes = 0;
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ url, headers, body });
    if (url === '/token/refresh/') {
      refreshes += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (refreshStatus !== 200) return jsonResponse(refreshStatus, { detail: 'spent', error_code: 'TOKEN_REUSED' });
      return jsonResponse(200, { access: validAccess, refresh: 'refresh-2' });
    }
    if (url === '/api/slow') await new Promise((resolve) => setTimeout(resolve, 30));
    if (headers.Authorization !== `Bearer ${validAccess}`) return jsonResponse(401, { detail: 'expired' });
    return jsonResponse(200, { path: url });
  });
  return { fetchImpl, calls, refreshCount: () => refreshes };
}

describe('http client', () => {
  const navigate = vi.fn();

  beforeEach(() => {
    sessionStore.set(signedInSession());
    setNavigator(navigate);
  });

  afterEach(() => {
    clearSession();
    setNavigator(null);
    navigate.mockReset();
    document.cookie = 'XSRF-TOKEN=; Max-Age=0; Path=/';
  });

  it('sends the bearer token, the acting unit and the CSRF header', async () => {
    document.cookie = 'XSRF-TOKEN=csrf-123; Path=/';
    const server = fakeServer({ validAccess: 'access-1' });
    const client = createHttpClient({ fetchImpl: server.fetchImpl });
    await client.post('/api/things', { a: 1 });
    expect(server.calls[0]?.headers).toMatchObject({
      Authorization: 'Bearer access-1',
      'X-Acting-Unit': '11',
      'X-XSRF-TOKEN': 'csrf-123',
      'Content-Type': 'application/json',
    });
    expect(server.calls[0]?.body).toEqual({ a: 1 });
  });

  it('sends the interface language of localStorage `language` as Accept-Language, English when unset', async () => {
    const server = fakeServer({ validAccess: 'access-1' });
    const client = createHttpClient({ fetchImpl: server.fetchImpl });
    await client.get('/api/things');
    localStorage.setItem('language', 'hi');
    await client.get('/api/things');
    localStorage.removeItem('language');
    expect(server.calls.map((call) => call.headers['Accept-Language'])).toEqual(['en', 'hi']);
  });

  it('omits the acting-unit header before a unit is chosen', async () => {
    sessionStore.set(signedInSession({ actingUnit: null, activeUnitData: null }));
    const server = fakeServer({ validAccess: 'access-1' });
    await createHttpClient({ fetchImpl: server.fetchImpl }).get('/collapp/getUserProfileNew/home');
    expect(server.calls[0]?.headers['X-Acting-Unit']).toBeUndefined();
  });

  it('makes one refresh for parallel 401s and retries each request once with the new token', async () => {
    const server = fakeServer();
    const client = createHttpClient({ fetchImpl: server.fetchImpl });
    const replies = await Promise.all([
      client.get('/api/a'),
      client.get('/api/b'),
      client.get('/api/c'),
      client.get('/api/d'),
    ]);
    expect(server.refreshCount()).toBe(1);
    expect(replies).toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }, { path: '/api/d' }]);
    expect(server.calls.filter((call) => call.url === '/api/a')).toHaveLength(2);
    // Refresh tokens rotate: the new one is stored.
    expect(sessionStore.get()).toMatchObject({ access: 'access-2', refresh: 'refresh-2' });
    expect(server.calls.find((call) => call.url === '/token/refresh/')?.body).toEqual({ refresh: 'refresh-1' });
  });

  it('does not refresh again for a late 401 of a token that was already replaced', async () => {
    const server = fakeServer();
    const client = createHttpClient({ fetchImpl: server.fetchImpl });
    // '/api/slow' answers its 401 after the refresh of '/api/fast' has finished.
    const replies = await Promise.all([client.get('/api/slow'), client.get('/api/fast')]);
    expect(replies).toEqual([{ path: '/api/slow' }, { path: '/api/fast' }]);
    expect(server.refreshCount()).toBe(1);
  });

  it('clears all stored data and goes to /login when the refresh fails', async () => {
    const server = fakeServer({ refreshStatus: 401 });
    const client = createHttpClient({ fetchImpl: server.fetchImpl });
    const results = await Promise.allSettled([client.get('/api/a'), client.get('/api/b')]);
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(server.refreshCount()).toBe(1);
    expect(sessionStore.get().access).toBeNull();
    expect(sessionStore.get().units).toEqual({});
    expect(localStorage.getItem('recoveryDesk.session')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('does not refresh calls made without authentication', async () => {
    const server = fakeServer();
    const client = createHttpClient({ fetchImpl: server.fetchImpl });
    await expect(client.post('/token/', { userkey: 'x' }, { auth: false })).rejects.toBeInstanceOf(HttpError);
    expect(server.refreshCount()).toBe(0);
  });

  it('reports a network failure as NetworkError', async () => {
    const client = createHttpClient({ fetchImpl: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(client.get('/api/a')).rejects.toBeInstanceOf(NetworkError);
  });

  it('gives the command-center style client a timeout', async () => {
    const hangingFetch = (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const client = createHttpClient({ fetchImpl: hangingFetch, timeoutMs: 20 });
    const error = await client.get('/api/cmd').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).isTimeout).toBe(true);
  });

  it('exposes server field errors', async () => {
    const client = createHttpClient({
      fetchImpl: async () =>
        jsonResponse(422, {
          error_code: 'VALIDATION',
          detail: 'Invalid',
          fields: [{ field: 'email', message: 'Unknown email' }],
        }),
    });
    const error = await client.get('/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).fields).toEqual([{ field: 'email', message: 'Unknown email' }]);
  });

  it('sends a multipart form without a JSON content type, with the same auth headers', async () => {
    const fetchImpl = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ id: 5 }), { status: 200 }),
    );
    const client = createHttpClient({ fetchImpl });
    const form = new FormData();
    form.set('documentName', 'Receipt');
    await expect(client.postForm('/api/upload', form)).resolves.toEqual({ id: 5 });
    const init = fetchImpl.mock.calls[0]?.[1];
    const headers = (init?.headers ?? {}) as Record<string, string>;
    expect(init?.body).toBe(form);
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers).toMatchObject({ Authorization: 'Bearer access-1', 'X-Acting-Unit': '11' });
  });

  it('downloads a file with its name from Content-Disposition, and reports a refused one as HttpError', async () => {
    const fetchImpl = vi
      .fn()
      .mockResolvedValueOnce(
        new Response('a,b\n1,2\n', {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="telecaller-2025-11-03.csv"' },
        }),
      )
      .mockResolvedValueOnce(new Response(JSON.stringify({ error_code: 'FORBIDDEN', detail: 'No' }), { status: 403 }));
    const client = createHttpClient({ fetchImpl });
    const file = await client.download('/api/export');
    expect(file.fileName).toBe('telecaller-2025-11-03.csv');
    expect(await file.blob.text()).toBe('a,b\n1,2\n');
    await expect(client.download('/api/export')).rejects.toMatchObject({ status: 403, errorCode: 'FORBIDDEN' });
  });

  it('posts a JSON body and receives a file (generated documents)', async () => {
    const fetchImpl = vi.fn().mockResolvedValueOnce(
      new Response('%PDF-1.7', {
        status: 200,
        headers: { 'Content-Disposition': 'attachment; filename="legal-notices-2026-11-21.pdf"' },
      }),
    );
    const client = createHttpClient({ fetchImpl });
    const file = await client.postDownload('/api/legal/notices', { caseIds: [7, 9] });
    expect(file.fileName).toBe('legal-notices-2026-11-21.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
    const [url, init] = fetchImpl.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/legal/notices');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ caseIds: [7, 9] }));
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });
});

describe('fileNameOf (Content-Disposition)', () => {
  it('reads quoted, bare and RFC 5987 names', () => {
    expect(fileNameOf('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(fileNameOf('attachment; filename=report.csv')).toBe('report.csv');
    expect(fileNameOf('attachment; filename="x.pdf"; filename*=UTF-8\'\'%E0%A4%AA.pdf')).toBe('प.pdf');
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('inline')).toBeNull();
  });
});
