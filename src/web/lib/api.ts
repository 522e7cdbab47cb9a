import type { QueryKey } from '@tanstack/react-query';
import { getCredentials } from './credentials.ts';

/** The fixed client identifier sent on every /api/ call (spec §7). */
export const CLIENT_ID = 'web';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  params?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Lets the request outlive the page (a page view sent as the visitor leaves). */
  keepalive?: boolean;
}

/** An error from the API; `status` is the HTTP status when the response was not OK. */
export class ApiError extends Error {
  constructor(
    message: string,
    public readonly status?: number,
    public readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const READ_METHODS = new Set(['GET', 'HEAD']);
const READ_RETRIES = 2;

/** Retry-After in seconds (what the server sends), capped at 5 s; null when absent or a date. */
export function retryAfterMs(header: string | null): number | null {
  if (!header || !/^\d+$/.test(header.trim())) return null;
  return Math.min(5, Number(header)) * 1000;
}

function sleep(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

export function buildUrl(path: string, params?: QueryParams): string {
  if (!params) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== '') qs.append(k, String(v));
  }
  const s = qs.toString();
  return s ? `${path}${path.includes('?') ? '&' : '?'}${s}` : path;
}

/**
 * The one way the app talks to the server (spec §7): cookies always; the client id on /api/ paths;
 * the user id and auth token once signed in; JSON bodies, form data sent as is. A non-OK response
 * becomes "<status>: <body text>"; a body whose status is "error" fails with its error text.
 */
export async function apiRequest<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...opts.headers };
  if (path.startsWith('/api/')) {
    headers['X-Client-Id'] = CLIENT_ID;
    const creds = getCredentials();
    if (creds) {
      headers['X-User-Id'] = creds.userId;
      headers['X-Auth-Token'] = creds.authToken;
    }
  }
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) {
    body = opts.body;
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }

  const send = () =>
    fetch(buildUrl(path, opts.params), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: opts.signal,
      keepalive: opts.keepalive,
    });
  let res = await send();
  // A busy server sheds a request before doing any work (503 + Retry-After): a read asks again.
  for (let attempt = 0; attempt < READ_RETRIES && res.status === 503 && READ_METHODS.has(method); attempt++) {
    const wait = retryAfterMs(res.headers.get('retry-after'));
    if (wait === null) break;
    await sleep(wait, opts.signal);
    res = await send();
  }

  const text = await res.text();
  if (!res.ok) throw new ApiError(`${res.status}: ${text || res.statusText}`, res.status, safeJson(text));
  if (!text) return null as T;
  const data = safeJson(text);
  if (data && typeof data === 'object' && (data as { status?: unknown }).status === 'error') {
    const message = (data as { error?: unknown }).error;
    throw new ApiError(typeof message === 'string' && message ? message : 'Request failed', res.status, data);
  }
  return (data ?? text) as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The message to show for a failed call: the server's error text when it gave one. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    const body = err.body as { error?: unknown } | undefined;
    if (body && typeof body.error === 'string' && body.error) return body.error;
    return err.message || fallback;
  }
  return err instanceof Error && err.message ? err.message : fallback;
}

/** A query key's path: its string parts joined with "/", plus an optional params object last. */
export function pathFromQueryKey(queryKey: QueryKey): { path: string; params?: QueryParams } {
  const parts: string[] = [];
  let params: QueryParams | undefined;
  for (const part of queryKey) {
    if (part && typeof part === 'object') params = part as QueryParams;
    else if (part !== undefined && part !== null) parts.push(String(part));
  }
  return { path: parts.join('/').replace(/(?<!:)\/{2,}/g, '/'), params };
}

/** The read of spec §7: GET the path a query key names, with its params. Fetchers use it so a path is spelled once, in the key. */
export function apiGet<T>(queryKey: QueryKey, signal?: AbortSignal): Promise<T> {
  const { path, params } = pathFromQueryKey(queryKey);
  return apiRequest<T>('GET', path, { params, signal });
}
