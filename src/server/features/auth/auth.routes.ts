import { Hono } from "hono";
import type { ZodType } from "zod";
import { loginSchema, registerSchema } from "#src/shared/schemas/auth";
import type { AppBindings } from "../../context";
import { AppError, validationError } from "../../errors";

/**
 * better-auth's routes under /api/auth/*, with two things added in front:
 * sign-up and sign-in bodies pass our shared schema first (so
 * `accountType: "admin"` is a 400 with a message per field), and every error
 * better-auth returns is reshaped into the API's one error body.
 */
export const authRoutes = new Hono<AppBindings>();

authRoutes.post("/sign-up/email", async (c) => {
  const body = await parseBody(c.req.raw, registerSchema);
  // Listed addresses get their accounts from the operator at start (db/seed.ts),
  // never by sign-up; answered as any taken address, so it names no administrator.
  if (c.get("deps").env.adminEmails.includes(body.email.toLowerCase())) throw emailTaken();
  return forward(c.get("deps").auth.handler, c.req.raw, body);
});

authRoutes.post("/sign-in/email", async (c) => {
  const body = await parseBody(c.req.raw, loginSchema);
  return forward(c.get("deps").auth.handler, c.req.raw, body);
});

/**
 * The mailed verification link opens the app's /verify-email page, which asks
 * here. better-auth answers a bad token with 401; this is no failed sign-in
 * but a link that is too old or not ours, said as 400 with which of the two.
 */
authRoutes.get("/verify-email", async (c) => {
  const response = await c.get("deps").auth.handler(c.req.raw);
  if (response.status !== 401) return answered(response);
  const { code } = await errorBodyOf(response);
  throw code === "TOKEN_EXPIRED"
    ? new AppError("TOKEN_EXPIRED", "This link has expired. Ask for a new one.")
    : new AppError("INVALID_TOKEN", "This link is not valid. Ask for a new one.");
});

authRoutes.all("/*", (c) => forward(c.get("deps").auth.handler, c.req.raw));

async function parseBody<T>(request: Request, schema: ZodType<T>): Promise<T> {
  let json: unknown;
  try {
    json = await request.json();
  } catch {
    throw new AppError("BAD_REQUEST", "The request body must be JSON.");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

async function forward(
  handler: (request: Request) => Promise<Response>,
  original: Request,
  body?: unknown,
): Promise<Response> {
  const request =
    body === undefined
      ? original
      : new Request(original.url, {
          method: original.method,
          headers: original.headers,
          body: JSON.stringify(body),
        });
  return answered(await handler(request));
}

/** better-auth's response as the API answers: errors in its one shape, no session tokens. */
async function answered(response: Response): Promise<Response> {
  const answer =
    response.status >= 400 ? await reshapeError(response) : await withoutSessionToken(response);
  // better-auth's own Response replaces the headers the API set before it.
  answer.headers.set("Cache-Control", "no-store");
  return answer;
}

/**
 * better-auth also returns session tokens in JSON bodies (sign-up, sign-in,
 * get-session, one per item of list-sessions). The browser has its own as an
 * HttpOnly cookie; handing any to page scripts would undo what HttpOnly is for.
 */
async function withoutSessionToken(response: Response): Promise<Response> {
  // Redirects (the OAuth callback) carry a JSON content type but no body.
  if (response.status !== 200) return response;
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const body: unknown = await response.clone().json();
  const cleaned = Array.isArray(body) ? body.map(omitTokens) : omitTokens(body);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(cleaned), { status: response.status, headers });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value without `token`, at its top level and in its `session`. */
function omitTokens(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const { token: _token, ...rest } = value;
  if (isRecord(rest.session)) {
    const { token: _sessionToken, ...session } = rest.session;
    rest.session = session;
  }
  return rest;
}

function emailTaken() {
  return new AppError("EMAIL_TAKEN", "An account with this email already exists.", {
    email: "An account with this email already exists",
  });
}

interface BetterAuthErrorBody {
  code?: string;
  message?: string;
}

async function errorBodyOf(response: Response): Promise<BetterAuthErrorBody> {
  try {
    return (await response.clone().json()) as BetterAuthErrorBody;
  } catch {
    // Not JSON (better-auth sends some redirects' errors as text): keep the status only.
    return {};
  }
}

async function reshapeError(response: Response): Promise<Response> {
  const body = await errorBodyOf(response);
  const code = body.code ?? "AUTH_ERROR";
  let error: AppError;
  if (code.startsWith("USER_ALREADY_EXISTS")) {
    error = emailTaken();
  } else if (response.status === 404 && !body.code) {
    // better-auth has no such route: the same response as any unknown /api path.
    error = new AppError("ROUTE_NOT_FOUND", "No such API endpoint.");
  } else if (response.status === 401) {
    error = new AppError("INVALID_CREDENTIALS", body.message ?? "Invalid email or password.");
  } else {
    const status = response.status;
    const headers = new Headers(response.headers);
    headers.set("content-type", "application/json");
    headers.delete("content-length");
    return new Response(
      JSON.stringify({ error: { code, message: body.message ?? "Sign-in failed." } }),
      { status: status === 422 ? 400 : status, headers },
    );
  }
  return new Response(JSON.stringify(error.toBody()), {
    status: error.status,
    headers: { "content-type": "application/json" },
  });
}
