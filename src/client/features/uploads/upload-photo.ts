import { isErrorBody } from "#src/shared/errors";
import type { Upload } from "#src/shared/schemas/uploads";
import { NETWORK_ERROR_MESSAGE } from "../../lib/api-client";

/** Words for a refusal whose body we could not read, by status. */
function fallback(status: number): string {
  if (status === 413) return "This photo is too large: at most 10 MB.";
  if (status === 415) return "Only JPEG, PNG or WebP photos can be used.";
  if (status === 401) return "Please login again.";
  if (status === 403) return "Only sellers can upload photos.";
  return "The photo could not be uploaded. Please try again.";
}

/**
 * POST /api/uploads with XMLHttpRequest rather than fetch: only XHR reports
 * upload progress, which the per-file bar shows. The server's message (415,
 * 413, 400) is what the seller reads when it says no.
 */
export function uploadPhoto(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/uploads");
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status === 201 || xhr.status === 200) {
        onProgress(1);
        resolve(body as Upload);
      } else {
        reject(new Error(isErrorBody(body) ? body.error.message : fallback(xhr.status)));
      }
    };
    xhr.onerror = () => reject(new Error(NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const data = new FormData();
    data.append("file", file);
    xhr.send(data);
  });
}
