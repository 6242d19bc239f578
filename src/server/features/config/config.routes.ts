import { Hono } from "hono";
import type { PublicConfig } from "#src/shared/schemas/config";
import type { AppBindings } from "../../context";

export const configRoutes = new Hono<AppBindings>();

configRoutes.get("/", (c) => {
  const { env } = c.get("deps");
  const config: PublicConfig = {
    currency: env.currency,
    // Since better-auth 1.7 a generic OpenID Connect provider (GOOGLE_ISSUER_URL)
    // is started through /sign-in/social like Google itself: one route either way.
    googleSignIn: env.google ? "social" : null,
  };
  return c.json(config);
});
