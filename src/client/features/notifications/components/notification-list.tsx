import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { LoadMore } from "#src/client/components/load-more";
import { EmptyState, ErrorState, LoadingState } from "#src/client/components/query-states";
import { TimeAgo } from "#src/client/components/time-ago";
import { errorMessage } from "#src/client/lib/api-client";
import { subscribeLive } from "#src/client/lib/live-events";
import { queryKeys } from "#src/client/lib/query-keys";
import type { Notification } from "#src/shared/schemas/notifications";
import { listNotifications, markNotificationsRead } from "../api";

/**
 * The signed-in user's notifications, newest first. Unread ones stand out
 * (and say so in words); opening one marks it read. The list is asked again
 * whenever the tab comes back into focus, and at once when the live
 * connection (GET /api/me/events) brings a new one.
 */
export function NotificationList() {
  const queryClient = useQueryClient();
  const list = useRef<HTMLUListElement>(null);
  const query = useInfiniteQuery({
    queryKey: queryKeys.notifications,
    queryFn: ({ pageParam, signal }) => listNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    refetchOnWindowFocus: "always",
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
  useEffect(
    () =>
      subscribeLive((event) => {
        if (event.type === "notification") {
          void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
        }
      }),
    [queryClient],
  );
  const markAll = useMutation({ mutationFn: () => markNotificationsRead(), onSuccess: refresh });
  const markOne = useMutation({
    mutationFn: (id: string) => markNotificationsRead([id]),
    onSettled: refresh,
  });

  if (query.isPending) return <LoadingState label="Loading notifications..." />;
  if (query.isError) return <ErrorState what="your notifications" query={query} />;
  const items = query.data.pages.flatMap((page) => page.items);
  const unread = items.filter((item) => item.readAt === null).length;

  return (
    <div className="mt-4 flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-base-content/80" aria-live="polite">
          {unread === 0 ? "Nothing unread." : `${unread} unread`}
        </p>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {markAll.isPending ? "Marking..." : "Mark all as read"}
        </button>
      </div>
      {markAll.isError ? (
        <p role="alert" className="alert alert-error alert-soft text-sm">
          Could not mark them as read. {errorMessage(markAll.error)}
        </p>
      ) : null}
      {items.length === 0 ? (
        <EmptyState title="No notifications yet">
          You'll be told here when someone books your bike or answers your booking.
        </EmptyState>
      ) : (
        <ul ref={list} className="flex flex-col gap-3" aria-label="Notifications">
          {items.map((item) => (
            <NotificationItem
              key={item.id}
              item={item}
              onOpen={() => {
                if (item.readAt === null) markOne.mutate(item.id);
              }}
            />
          ))}
        </ul>
      )}
      <LoadMore what="notifications" label="Show older" pages={query} list={list} />
    </div>
  );
}

function NotificationItem({ item, onOpen }: { item: Notification; onOpen: () => void }) {
  const unread = item.readAt === null;
  return (
    <li
      className={`rounded-box border p-4 ${unread ? "border-primary bg-orange-50" : "border-base-300 bg-base-100"}`}
      data-unread={unread || undefined}
    >
      <Link to={item.link} onClick={onOpen} className="group flex flex-col gap-1">
        <span className="flex flex-wrap items-center gap-2">
          {unread ? <span className="badge badge-primary badge-sm">Unread</span> : null}
          <span className="font-semibold group-hover:underline">{item.title}</span>
        </span>
        <span className="text-base-content/85">{item.body}</span>
        <span className="text-sm text-base-content/75">
          <TimeAgo iso={item.createdAt} />
        </span>
      </Link>
    </li>
  );
}
