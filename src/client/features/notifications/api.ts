import type { NotificationPage, Preferences } from "#src/shared/schemas/notifications";
import { api } from "../../lib/api-client";

export function listNotifications(cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
  return api<NotificationPage>(`/api/me/notifications${query}`, signal ? { signal } : {});
}

/** The given ones, or every one when `ids` is absent. */
export function markNotificationsRead(ids?: string[]): Promise<void> {
  return api<void>("/api/me/notifications/read", { body: ids ? { ids } : {} });
}

export function getPreferences(signal?: AbortSignal) {
  return api<Preferences>("/api/me/preferences", signal ? { signal } : {});
}

export function savePreferences(preferences: Preferences) {
  return api<Preferences>("/api/me/preferences", { method: "PATCH", body: preferences });
}
