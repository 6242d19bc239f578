import { Hono } from "hono";
import {
  markReadSchema,
  notificationListQuerySchema,
  preferencesSchema,
} from "#src/shared/schemas/notifications";
import type { AppBindings } from "../../context";
import { readJson, readQuery } from "../../lib/validate";
import { requireUser, signedInUser } from "../../middleware/session";
import {
  findPreferences,
  listNotifications,
  markNotificationsRead,
  savePreferences,
} from "./notifications.queries";

/**
 * /api/me/notifications and /api/me/preferences: the caller's own, never
 * cached (each answer is one user's and changes with every event).
 */
export const notificationsRoutes = new Hono<AppBindings>();

notificationsRoutes.get("/notifications", requireUser, async (c) => {
  const page = readQuery(c, notificationListQuerySchema);
  return c.json(await listNotifications(c.get("deps").db, signedInUser(c).id, page));
});

notificationsRoutes.post("/notifications/read", requireUser, async (c) => {
  const { ids } = await readJson(c, markReadSchema);
  await markNotificationsRead(c.get("deps").db, signedInUser(c).id, ids);
  return c.body(null, 204);
});

notificationsRoutes.get("/preferences", requireUser, async (c) => {
  return c.json(await findPreferences(c.get("deps").db, signedInUser(c).id));
});

notificationsRoutes.patch("/preferences", requireUser, async (c) => {
  const preferences = await readJson(c, preferencesSchema);
  return c.json(await savePreferences(c.get("deps").db, signedInUser(c).id, preferences));
});
