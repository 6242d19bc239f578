import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { LoadMore } from "#src/client/components/load-more";
import { ErrorState, LoadingState } from "#src/client/components/query-states";
import { TimeAgo } from "#src/client/components/time-ago";
import { VerifiedMark } from "#src/client/components/verified-mark";
import { subscribeLive } from "#src/client/lib/live-events";
import { queryKeys } from "#src/client/lib/query-keys";
import type { ConversationSummary } from "#src/shared/schemas/conversations";
import type { User } from "#src/shared/schemas/users";
import { conversationsQuery } from "../api";

/** The dashboard's Messages: newest activity first, each with its bike, the other person and what is unread. */
export function ConversationList({ user }: { user: User }) {
  const list = useInfiniteQuery(conversationsQuery);
  const listElement = useRef<HTMLUListElement>(null);
  const client = useQueryClient();
  // A message or a read anywhere (another tab, another device) reorders and recounts the list.
  useEffect(
    () =>
      subscribeLive((event) => {
        if (event.type === "message" || event.type === "unread") {
          void client.invalidateQueries({ queryKey: queryKeys.conversations, exact: true });
        }
      }),
    [client],
  );
  if (list.isPending) return <LoadingState label="Loading your conversations..." />;
  if (list.isError) return <ErrorState what="your conversations" query={list} />;
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <p className="mt-6 text-base-content/80">
        No conversations yet. Ask a seller about a bike with 'Message seller' on its page.
      </p>
    );
  }
  return (
    <>
      <ul ref={listElement} className="mt-6 flex flex-col gap-3">
        {items.map((conversation) => (
          <ConversationItem key={conversation.id} conversation={conversation} user={user} />
        ))}
      </ul>
      <LoadMore
        what="conversations"
        label="Load more conversations"
        pages={list}
        list={listElement}
      />
    </>
  );
}

function ConversationItem({
  conversation,
  user,
}: {
  conversation: ConversationSummary;
  user: User;
}) {
  const { bike, buyer, seller, lastMessage, unreadCount } = conversation;
  const iAmSeller = seller.id === user.id;
  const title = bike ? bike.title : "A bike no longer listed";
  return (
    <li className="card card-border bg-base-100">
      <div className="card-body flex-row items-start gap-3 p-4">
        {bike ? (
          <img
            src={bike.imageUrl}
            alt=""
            width="64"
            height="64"
            className="h-16 w-16 shrink-0 rounded-field object-cover"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold">
            <Link
              to={`/dashboard/messages/${conversation.id}`}
              className="link link-hover inline-flex min-h-6 items-center"
            >
              {title}
            </Link>
            {unreadCount > 0 ? (
              <span className="badge badge-primary badge-sm ml-2">{unreadCount} unread</span>
            ) : null}
          </h3>
          <p className="flex flex-wrap items-center gap-x-1 text-sm">
            {iAmSeller ? (
              <>
                <span className="text-base-content/75">Buyer:</span> <span>{buyer.name}</span>
              </>
            ) : (
              <>
                <span className="text-base-content/75">Seller:</span>{" "}
                <Link
                  to={`/sellers/${seller.id}`}
                  className="link inline-flex min-h-6 items-center"
                >
                  {seller.name}
                </Link>
                {seller.verified ? <VerifiedMark /> : null}
              </>
            )}
          </p>
          {lastMessage ? (
            <>
              <p className="mt-1 truncate text-sm text-base-content/80">
                {lastMessage.senderId === user.id ? "You: " : ""}
                {lastMessage.text}
              </p>
              <p className="text-xs text-base-content/75">
                <TimeAgo iso={lastMessage.sentAt} />
              </p>
            </>
          ) : null}
        </div>
      </div>
    </li>
  );
}
