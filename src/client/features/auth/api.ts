import type {
  ChangePasswordInput,
  DisplayNameInput,
  ForgotPasswordInput,
  LoginInput,
  NewPasswordInput,
  RegisterInput,
} from "#src/shared/schemas/auth";
import type { PublicConfig } from "#src/shared/schemas/config";
import { api } from "../../lib/api-client";

/** Both set the session cookie; who signed in is then read from GET /api/me. */
export function signInWithEmail(input: LoginInput): Promise<unknown> {
  return api("/api/auth/sign-in/email", { body: input });
}

export function signUpWithEmail(input: RegisterInput): Promise<unknown> {
  return api("/api/auth/sign-up/email", { body: input });
}

/** The same answer whether or not the address has an account; the link goes to /reset-password. */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<unknown> {
  return api("/api/auth/request-password-reset", {
    body: { ...input, redirectTo: "/reset-password" },
  });
}

/** Sets the new password and ends every session of the account. */
export function resetPassword(token: string, input: NewPasswordInput): Promise<unknown> {
  return api("/api/auth/reset-password", { body: { token, ...input } });
}

/** Proves the address with the mailed link's token. */
export function verifyEmail(token: string): Promise<unknown> {
  return api(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
}

/** Mails a new verification link; signed in, only to the caller's own address. */
export function sendVerificationEmail(email: string): Promise<unknown> {
  return api("/api/auth/send-verification-email", { body: { email } });
}

export function changeDisplayName(input: DisplayNameInput): Promise<unknown> {
  return api("/api/auth/update-user", { body: input });
}

/** Every other session of the account ends; this one carries on. */
export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return api("/api/auth/change-password", { body: input });
}

type GoogleRoute = NonNullable<PublicConfig["googleSignIn"]>;

/**
 * Starts Google sign-in and leaves the page for Google. The server responds
 * with the provider's URL; afterwards the browser comes back to `returnTo`,
 * or on failure to this page with `?error=<code>`, which the page explains.
 */
export async function startGoogleSignIn(route: GoogleRoute, returnTo: string): Promise<void> {
  const callbackURL = new URL(returnTo, window.location.origin).href;
  const errorCallbackURL = new URL(window.location.pathname, window.location.origin).href;
  const urls = { callbackURL, errorCallbackURL };
  const body =
    route === "social" ? { provider: "google", ...urls } : { providerId: "google", ...urls };
  const { url } = await api<{ url: string; redirect: boolean }>(
    route === "social" ? "/api/auth/sign-in/social" : "/api/auth/sign-in/oauth2",
    { body },
  );
  window.location.href = url;
}
