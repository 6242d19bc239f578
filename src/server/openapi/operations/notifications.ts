import {
  markReadSchema,
  notificationListQuerySchema,
  preferencesSchema,
} from "#src/shared/schemas/notifications";
import {
  notificationPageSchema,
  preferencesAnswerSchema,
} from "#src/shared/schemas/responses/notifications";
import type { Operation } from "../operation";

const tag = "Notifications";

export const notificationOperations: Operation[] = [
  {
    method: "GET",
    path: "/api/me/notifications",
    tag,
    summary: "The caller's notifications, newest first, a page at a time",
    access: "signed in",
    query: notificationListQuerySchema,
    responses: { 200: notificationPageSchema },
  },
  {
    method: "POST",
    path: "/api/me/notifications/read",
    tag,
    summary: "Mark the caller's notifications read: the given ids, or all when `ids` is absent",
    access: "signed in",
    body: markReadSchema,
    responses: { 204: null },
  },
  {
    method: "GET",
    path: "/api/me/preferences",
    tag,
    summary: "The caller's e-mail preference (on until turned off)",
    access: "signed in",
    responses: { 200: preferencesAnswerSchema },
  },
  {
    method: "PATCH",
    path: "/api/me/preferences",
    tag,
    summary: "Turn e-mail notifications on or off",
    access: "signed in",
    body: preferencesSchema,
    responses: { 200: preferencesAnswerSchema },
  },
];
