import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "react-router";
import type { UnreadCounts } from "../../shared/schemas/conversations";
import { api } from "../lib/api-client";
import { subscribeLive } from "../lib/live-events";
import { queryKeys } from "../lib/query-keys";

export const unreadQuery = queryOptions({
  queryKey: queryKeys.unread,
  queryFn: ({ signal }) => api<UnreadCounts>("/api/me/unread", { signal }),
});

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * The navbar's count of unread messages and notifications, kept live by
 * GET /api/me/events. Loaded after the page is live and only for a signed-in
 * user (navbar.tsx), so first paint never waits for it.
 */
export default function UnreadBadge() {
  const unread = useQuery(unreadQuery);
  // Subscribing is what opens the stream; its `unread` events update the query above.
  useEffect(() => subscribeLive(() => undefined), []);
  const counts = unread.data ?? { messages: 0, notifications: 0 };
  const total = counts.messages + counts.notifications;
  const target =
    counts.messages === 0 && counts.notifications > 0
      ? "/dashboard/notifications"
      : "/dashboard/messages";
  const label = `Messages: ${plural(counts.messages, "unread message")}, ${plural(counts.notifications, "unread notification")}`;
  return (
    <Link
      to={target}
      className="btn btn-ghost btn-sm gap-1 px-2"
      aria-label={label}
      title={label}
      data-testid="unread-badge"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M4 5h16v11H8l-4 4z" strokeLinejoin="round" />
      </svg>
      {total > 0 ? (
        <span className="badge badge-primary badge-sm" data-count={total}>
          {total > 99 ? "99+" : total}
        </span>
      ) : null}
    </Link>
  );
}
