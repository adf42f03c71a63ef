import { ApiError, NETWORK_MESSAGE, notifySessionExpired, toApiError } from './api.ts';

export interface UploadOptions {
  /** 0…1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export function isUploadAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST `path` with the file in the multipart field `file`, through XMLHttpRequest: fetch cannot
 * report upload progress. Errors as the api client's (ApiError); a cancel rejects with AbortError.
 */
export function uploadFile<T>(
  path: string,
  file: File,
  { onProgress, signal }: UploadOptions = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(body as T);
        return;
      }
      const error = toApiError(xhr.status, body);
      if (error.code === 'SESSION_EXPIRED') notifySessionExpired(path);
      reject(error);
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE)));
    xhr.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}
