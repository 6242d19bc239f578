import { Hono } from "hono";
import type { PublicConfig } from "../../../shared/schemas/config";
import type { AppBindings } from "../../context";

export const configRoutes = new Hono<AppBindings>();

configRoutes.get("/", (c) => {
  const { env } = c.get("deps");
  const config: PublicConfig = {
    currency: env.currency,
    googleSignIn: env.google ? (env.google.issuerUrl ? "oauth2" : "social") : null,
  };
  return c.json(config);
});
