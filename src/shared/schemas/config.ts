/**
 * What the browser needs to know about this deployment (GET /api/config).
 * `googleSignIn` is "social" when Google sign-in is configured (started with
 * POST /api/auth/sign-in/social), null when not (the buttons are then hidden).
 */
export interface PublicConfig {
  currency: string;
  googleSignIn: "social" | null;
}
