import { type FieldErrors, isErrorBody, quoteOf } from "../../shared/errors";
import type { Quote } from "../../shared/schemas/bikes";

/** Every request gives up after this long, so no spinner spins forever. */
export const REQUEST_TIMEOUT_MS = 20_000;

export const NETWORK_ERROR_MESSAGE = "Could not reach ReRide. Check your connection and try again.";
export const TIMEOUT_MESSAGE = "The request took too long. Please try again.";

/** The API's error body as a throwable: `status` is 0 when no response arrived. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldErrors | undefined;
  /** PRICE_CHANGED only: the new quote, so it can be shown without asking again. */
  readonly quote: Quote | undefined;

  constructor(status: number, code: string, message: string, fields?: FieldErrors, quote?: Quote) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.quote = quote;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server can't reach its database (503) or store anything (507): a passing state, not a broken page. */
export function isServiceUnavailable(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === "SERVICE_UNAVAILABLE" || error.code === "INSUFFICIENT_STORAGE")
  );
}

/**
 * A fresh Idempotency-Key (docs/api.md) for one intent, such as one opening
 * of the booking dialog. getRandomValues, not randomUUID: the latter exists
 * only on https and localhost.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Words for any error a screen may show. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return "Something went wrong. Please try again.";
}

/** How a request reaches the API: the browser's fetch, or the server's own app when it renders a page. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (path, init) => fetch(path, init);

/** For the server-side renderer (entry-server.tsx) only: the browser always uses fetch. */
export function setApiTransport(send: ApiTransport): void {
  transport = send;
}

interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** A caller's cancel signal (TanStack Query passes one); combined with the timeout. */
  signal?: AbortSignal;
  /** Extra request headers, such as Idempotency-Key. */
  headers?: Record<string, string>;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? "GET" : "POST", body, signal } = options;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (body !== undefined) headers["content-type"] = "application/json";

  let response: Response;
  try {
    response = await transport(path, {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiError(0, "TIMEOUT", TIMEOUT_MESSAGE);
    // A caller's own cancel is not a failure to report: pass it through untouched.
    if (signal?.aborted) throw error;
    throw new ApiError(0, "NETWORK_ERROR", NETWORK_ERROR_MESSAGE);
  }

  if (response.status === 204) return undefined as T;
  const payload = await readJson(response, timeout);
  if (response.ok) return payload as T;
  if (isErrorBody(payload)) {
    const { code, message, fields } = payload.error;
    throw new ApiError(response.status, code, message, fields, quoteOf(payload));
  }
  throw new ApiError(response.status, "HTTP_ERROR", fallbackMessage(response.status));
}

async function readJson(response: Response, timeout: AbortSignal): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? JSON.parse(text) : undefined;
  } catch {
    if (timeout.aborted) throw new ApiError(0, "TIMEOUT", TIMEOUT_MESSAGE);
    if (!response.ok) return undefined;
    throw new ApiError(response.status, "BAD_RESPONSE", "ReRide sent an answer we could not read.");
  }
}

function fallbackMessage(status: number): string {
  if (status === 401) return "Please login first.";
  if (status === 403) return "You are not allowed to do that.";
  if (status === 404) return "We could not find that.";
  if (status === 429) return "Too many requests. Please wait a moment and try again.";
  if (status >= 500) return "Something went wrong on our side. Please try again.";
  return "The request failed. Please try again.";
}
