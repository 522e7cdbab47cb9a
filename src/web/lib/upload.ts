import { ApiError, CLIENT_ID } from './api.ts';
import { getCredentials } from './credentials.ts';

/**
 * A multipart upload that reports progress (fetch cannot), with the same headers and error rule
 * as `apiRequest`: a non-OK answer becomes "<status>: <body text>".
 */
export function uploadWithProgress<T>(path: string, form: FormData, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('X-Client-Id', CLIENT_ID);
    const creds = getCredentials();
    if (creds) {
      xhr.setRequestHeader('X-User-Id', creds.userId);
      xhr.setRequestHeader('X-Auth-Token', creds.authToken);
    }
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) reject(new ApiError(`${xhr.status}: ${text || xhr.statusText}`, xhr.status, body));
      else resolve((body ?? text) as T);
    };
    xhr.onerror = () => reject(new ApiError('Network error: the upload did not reach the server'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
