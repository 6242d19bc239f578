import {
  type InfiniteData,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "react-router";
import { ErrorState, LoadingState } from "#src/client/components/query-states";
import { TimeAgo } from "#src/client/components/time-ago";
import { subscribeLive } from "#src/client/lib/live-events";
import { queryKeys } from "#src/client/lib/query-keys";
import type { Message, MessagePage } from "#src/shared/schemas/conversations";
import type { User } from "#src/shared/schemas/users";
import { conversationQuery, markRead, messagesQuery, sendMessage } from "../api";
import { MessageComposer } from "./message-composer";

/** Adds a message to the newest page unless it is already there (the live event and the send's answer both bring it). */
function withMessage(data: InfiniteData<MessagePage, string | null> | undefined, message: Message) {
  if (!data) return data;
  if (data.pages.some((page) => page.items.some((item) => item.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  if (!newest) return data;
  return { ...data, pages: [{ ...newest, items: [...newest.items, message] }, ...older] };
}

/**
 * One conversation: older messages on 'Load older messages', new ones as
 * they arrive (GET /api/me/events), and the box to answer. Opening it, and
 * every message that arrives while it is open, marks it read.
 */
export function ConversationThread({ id, user }: { id: string; user: User }) {
  const conversation = useQuery(conversationQuery(id));
  const messages = useInfiniteQuery(messagesQuery(id));
  const client = useQueryClient();
  const key = queryKeys.conversationMessages(id);

  useEffect(() => {
    void markRead(id).catch(() => undefined);
    return subscribeLive((event) => {
      if (event.type !== "message" || event.data.conversationId !== id) return;
      client.setQueryData(key, (data: InfiniteData<MessagePage, string | null> | undefined) =>
        withMessage(data, event.data),
      );
      if (event.data.senderId !== user.id) void markRead(id).catch(() => undefined);
    });
  }, [id, user.id, client, key]);

  if (conversation.isPending || messages.isPending) {
    return <LoadingState label="Loading the conversation..." />;
  }
  if (conversation.isError) return <ErrorState what="the conversation" query={conversation} />;
  if (messages.isError) return <ErrorState what="the messages" query={messages} />;

  const { bike, buyer, seller } = conversation.data;
  const other = seller.id === user.id ? buyer : seller;
  const names = new Map([
    [buyer.id, buyer.name],
    [seller.id, seller.name],
  ]);
  const items = [...messages.data.pages].reverse().flatMap((page) => page.items);
  return (
    <div className="mt-4 flex flex-col gap-4">
      <p className="text-base-content/80">
        {bike ? (
          <>
            About{" "}
            <Link to={`/bikes/${bike.id}`} className="link">
              {bike.title}
            </Link>
          </>
        ) : (
          "About a bike that is no longer listed"
        )}
        {" · with "}
        {other.id === seller.id ? (
          <Link to={`/sellers/${seller.id}`} className="link">
            {seller.name}
          </Link>
        ) : (
          other.name
        )}
      </p>
      {messages.hasNextPage ? (
        <div>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={messages.isFetchingNextPage}
            onClick={() => void messages.fetchNextPage()}
          >
            {messages.isFetchingNextPage ? "Loading..." : "Load older messages"}
          </button>
        </div>
      ) : null}
      {messages.isFetchNextPageError ? (
        <p role="alert" className="text-sm text-error">
          Could not load older messages. Please try again.
        </p>
      ) : null}
      {/* A log region: screen readers announce a message as it arrives. */}
      <div role="log" aria-label="Messages">
        <ol className="flex flex-col gap-3">
          {items.map((message) => {
            const mine = message.senderId === user.id;
            return (
              <li
                key={message.id}
                className={`max-w-[85%] rounded-box p-3 ${mine ? "self-end bg-primary/10" : "self-start bg-base-200"}`}
              >
                <p className="text-xs text-base-content/75">
                  {mine ? "You" : (names.get(message.senderId) ?? "Them")} ·{" "}
                  <TimeAgo iso={message.sentAt} />
                </p>
                <p className="whitespace-pre-wrap break-words">{message.text}</p>
              </li>
            );
          })}
        </ol>
      </div>
      <MessageComposer
        label={`Your message to ${other.name}`}
        onSend={async (text) => {
          const sent = await sendMessage(id, text);
          client.setQueryData(key, (data: InfiniteData<MessagePage, string | null> | undefined) =>
            withMessage(data, sent),
          );
        }}
      />
    </div>
  );
}
