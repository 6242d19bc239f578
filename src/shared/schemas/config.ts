/**
 * What the browser needs to know about this deployment (GET /api/config).
 * `googleSignIn` names the better-auth route that starts Google sign-in, or
 * null when Google is not configured (the buttons are then hidden).
 */
export interface PublicConfig {
  currency: string;
  googleSignIn: "social" | "oauth2" | null;
}
