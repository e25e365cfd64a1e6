import type { z } from 'zod';
import { ApiError, type Http } from './http.js';

export type Progress = (fraction: number) => void;

/**
 * POSTs multipart form data. In a browser it goes through XMLHttpRequest, the one API that reports
 * upload progress; elsewhere (tests, Node) through fetch.
 */
export async function postForm<T extends z.ZodType>(
  http: Http,
  path: string,
  form: FormData,
  schema: T,
  onProgress?: Progress,
): Promise<z.output<T>> {
  if (typeof XMLHttpRequest === 'undefined') {
    return http.request({ method: 'POST', path, rawBody: form, schema });
  }
  const headers = await http.headers();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', http.url(path));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached'));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      try {
        resolve(http.settle(xhr.status, xhr.getResponseHeader('retry-after'), body, schema));
      } catch (error) {
        reject(error);
      }
    };
    xhr.send(form);
  });
}
