import { readCookie } from './cookies.ts';
import { storedLanguage } from './i18n/stored-language.ts';
import { log } from './log.ts';
import { navigateTo } from './navigation.ts';
import { clearSession, sessionStore, storeTokens } from './session-store.ts';

// The fetch-based API client of spec §7: JSON, bearer + acting-unit headers, the default CSRF
// cookie/header names, and one shared token refresh for every concurrent 401 (refresh tokens
// rotate on the server, so two refreshes with the same token would revoke the session).

export type FieldError = { field: string; message: string };

/** The server answered with a non-2xx status. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super(`HTTP ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
  get errorCode(): string | null {
    return readString(this.body, 'error_code');
  }
  get detail(): string | null {
    return readString(this.body, 'detail') ?? readString(this.body, 'error_msg');
  }
  get fields(): FieldError[] {
    const fields = isRecord(this.body) ? this.body.fields : undefined;
    if (!Array.isArray(fields)) return [];
    return fields.filter(
      (item): item is FieldError =>
        isRecord(item) && typeof item.field === 'string' && typeof item.message === 'string',
    );
  }
}

/** The request never reached the server, or the reply was cut off (including a client timeout). */
export class NetworkError extends Error {
  readonly isTimeout: boolean;
  constructor(message: string, isTimeout = false) {
    super(message);
    this.name = 'NetworkError';
    this.isTimeout = isTimeout;
  }
}

/** A 2xx reply that is not JSON. */
export class InvalidReplyError extends Error {
  constructor() {
    super('The server reply was not JSON');
    this.name = 'InvalidReplyError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readString(value: unknown, key: string): string | null {
  if (!isRecord(value)) return null;
  const field = value[key];
  return typeof field === 'string' ? field : null;
}

export type RequestOptions = {
  /** a JSON body */
  body?: unknown;
  /** a body sent as is (multipart FormData); the browser sets its content type */
  rawBody?: FormData;
  /** send the bearer token and refresh it on 401 (default true) */
  auth?: boolean;
  /** extra request headers (e.g. `Idempotency-Key` of a money post) */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** a money post's `Idempotency-Key` (one per attempt the user makes: a retry of that attempt reuses it) */
  idempotencyKey?: string;
};

export type DownloadedFile = { blob: Blob; fileName: string | null };
/** A download the server either answers at once (200, the file) or queues as a background job (202, the job). */
export type FileOrJob = { file: DownloadedFile } | { job: unknown };

export type HttpClient = {
  request: <T>(method: string, path: string, options?: RequestOptions) => Promise<T>;
  get: <T>(path: string, options?: RequestOptions) => Promise<T>;
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => Promise<T>;
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => Promise<T>;
  /** POST a multipart form; the JSON reply is returned */
  postForm: <T>(path: string, form: FormData, options?: RequestOptions) => Promise<T>;
  /** GET a file (export, document) with the same auth as every call */
  download: (path: string, options?: RequestOptions) => Promise<DownloadedFile>;
  /** POST a JSON body and receive a file (e.g. notices generated for selected cases) */
  postDownload: (path: string, body: unknown, options?: RequestOptions) => Promise<DownloadedFile>;
  /** As download, but a 202 reply (the work was queued as a job) gives the job instead of a file. */
  downloadOrJob: (path: string, options?: RequestOptions) => Promise<FileOrJob>;
  postDownloadOrJob: (path: string, body: unknown, options?: RequestOptions) => Promise<FileOrJob>;
};

export type HttpClientOptions = {
  baseUrl?: string;
  /** milliseconds; undefined means no timeout (the main client, spec §7) */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
};

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
export const ACTING_UNIT_HEADER = 'X-Acting-Unit';
export const REFRESH_PATH = '/token/refresh/';

/** The file name of a Content-Disposition header (RFC 6266: `filename*` wins over `filename`). */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      return extended[1].trim();
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  if (!plain) return null;
  return (plain[2] ?? plain[1] ?? '').trim() || null;
}

let refreshInFlight: Promise<string> | null = null;

async function parseJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function failRefresh(): never {
  clearSession();
  navigateTo('/login', { replace: true });
  throw new HttpError(401, { detail: 'Session expired', error_code: 'SESSION_EXPIRED' });
}

/** Exactly one refresh runs at a time; every caller that needs it awaits the same promise. */
function refreshAccessToken(fetchImpl: typeof fetch, baseUrl: string): Promise<string> {
  refreshInFlight ??= (async () => {
    const refresh = sessionStore.get().refresh;
    if (!refresh) failRefresh();
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}${REFRESH_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refresh }),
        credentials: 'same-origin',
      });
    } catch {
      // The server could not be reached: keep the session, the user may retry when back online.
      throw new NetworkError('Could not connect to server');
    }
    const body = await parseJson(response);
    const access = readString(body, 'access');
    if (!response.ok || !access) failRefresh();
    log('access token refreshed');
    storeTokens(access, readString(body, 'refresh'));
    return access;
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const baseUrl = options.baseUrl ?? '';
  const fetchImpl: typeof fetch = options.fetchImpl ?? ((input, init) => globalThis.fetch(input, init));

  async function send(method: string, path: string, requestOptions: RequestOptions, access: string | null) {
    const session = sessionStore.get();
    // The interface language, so the server answers (messages, exports, mails) in it.
    const headers: Record<string, string> = {
      ...requestOptions.headers,
      Accept: 'application/json',
      'Accept-Language': storedLanguage(),
    };
    if (requestOptions.body !== undefined && requestOptions.rawBody === undefined) {
      headers['Content-Type'] = 'application/json';
    }
    if (requestOptions.auth !== false && access) headers.Authorization = `Bearer ${access}`;
    if (requestOptions.auth !== false && session.actingUnit !== null) {
      headers[ACTING_UNIT_HEADER] = String(session.actingUnit);
    }
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = csrf;
    if (requestOptions.idempotencyKey) headers['Idempotency-Key'] = requestOptions.idempotencyKey;

    const controller = new AbortController();
    const timer =
      options.timeoutMs === undefined ? undefined : setTimeout(() => controller.abort('timeout'), options.timeoutMs);
    requestOptions.signal?.addEventListener('abort', () => controller.abort(requestOptions.signal?.reason));
    try {
      return await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers,
        body:
          requestOptions.rawBody ??
          (requestOptions.body === undefined ? undefined : JSON.stringify(requestOptions.body)),
        credentials: 'same-origin',
        signal: controller.signal,
      });
    } catch (error) {
      const isTimeout = controller.signal.aborted && controller.signal.reason === 'timeout';
      throw new NetworkError(error instanceof Error ? error.message : 'Network error', isTimeout);
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
  }

  /** Sends with the current token; on 401 refreshes once (shared) and retries once. */
  async function sendWithRefresh(method: string, path: string, requestOptions: RequestOptions): Promise<Response> {
    const usedAccess = sessionStore.get().access;
    let response = await send(method, path, requestOptions, usedAccess);

    if (response.status === 401 && requestOptions.auth !== false) {
      // A 401 for a token that was already replaced needs no new refresh: just retry once.
      const current = sessionStore.get().access;
      const access = current && current !== usedAccess ? current : await refreshAccessToken(fetchImpl, baseUrl);
      response = await send(method, path, requestOptions, access);
      if (response.status === 401) failRefresh();
    }
    return response;
  }

  async function request<T>(method: string, path: string, requestOptions: RequestOptions = {}): Promise<T> {
    const response = await sendWithRefresh(method, path, requestOptions);
    const body = await parseJson(response);
    if (!response.ok) throw new HttpError(response.status, body);
    if (body === undefined) throw new InvalidReplyError();
    return body as T;
  }

  async function download(path: string, requestOptions: RequestOptions = {}): Promise<DownloadedFile> {
    // A download with a body (e.g. documents generated from a selection) is a POST; otherwise a GET.
    const method = requestOptions.body === undefined && requestOptions.rawBody === undefined ? 'GET' : 'POST';
    const response = await sendWithRefresh(method, path, requestOptions);
    if (!response.ok) throw new HttpError(response.status, await parseJson(response));
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
  }

  async function downloadOrJob(path: string, requestOptions: RequestOptions = {}): Promise<FileOrJob> {
    const method = requestOptions.body === undefined && requestOptions.rawBody === undefined ? 'GET' : 'POST';
    const response = await sendWithRefresh(method, path, requestOptions);
    if (!response.ok) throw new HttpError(response.status, await parseJson(response));
    if (response.status === 202) return { job: await parseJson(response) };
    return {
      file: { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition')) },
    };
  }

  return {
    request,
    get: (path, requestOptions) => request('GET', path, requestOptions),
    post: (path, body, requestOptions) => request('POST', path, { ...requestOptions, body }),
    patch: (path, body, requestOptions) => request('PATCH', path, { ...requestOptions, body }),
    postForm: (path, form, requestOptions) => request('POST', path, { ...requestOptions, rawBody: form }),
    download,
    postDownload: (path, body, requestOptions) => download(path, { ...requestOptions, body }),
    downloadOrJob,
    postDownloadOrJob: (path, body, requestOptions) => downloadOrJob(path, { ...requestOptions, body }),
  };
}

/** The main API client: no timeout (spec §7). */
export const apiClient = createHttpClient();

export const COMMAND_CENTER_TIMEOUT_MS = 30_000;

/** The command-center client: 30000 ms timeout (spec §7, §9). */
export const commandCenterClient = createHttpClient({ timeoutMs: COMMAND_CENTER_TIMEOUT_MS });
