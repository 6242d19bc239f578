// What the builders need to persist through the public API: the in-process
// app (TestApp) and a client of a server process both fit.

export interface ApiRequestOptions {
  method?: string;
  body?: unknown;
  cookie?: string;
}

export interface Api {
  request(path: string, options?: ApiRequestOptions): Promise<Response>;
}

/** The body of a response that must have `status`; otherwise fails with what came back. */
export async function expectJson<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  if (response.status !== status) {
    throw new Error(
      `${response.status} instead of ${status}: ${text.slice(0, 500)} (${response.url || "request"})`,
    );
  }
  return JSON.parse(text) as T;
}
