import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type {
  ConversationPage,
  ConversationSummary,
  Message,
  MessagePage,
} from "#src/shared/schemas/conversations";
import { api } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

const cursorQuery = (cursor: string | null) =>
  cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";

export const conversationsQuery = infiniteQueryOptions({
  queryKey: queryKeys.conversations,
  queryFn: ({ pageParam, signal }) =>
    api<ConversationPage>(`/api/me/conversations${cursorQuery(pageParam)}`, { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
  staleTime: 0,
});

export const conversationQuery = (id: string) =>
  queryOptions({
    queryKey: ["conversations", "one", id] as const,
    queryFn: ({ signal }) =>
      api<ConversationSummary>(`/api/conversations/${encodeURIComponent(id)}`, { signal }),
  });

/** Pages of messages: the first is the newest; each next page is older. */
export const messagesQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.conversationMessages(id),
    queryFn: ({ pageParam, signal }) =>
      api<MessagePage>(
        `/api/conversations/${encodeURIComponent(id)}/messages${cursorQuery(pageParam)}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });

export function startConversation(bikeId: string, text: string) {
  return api<ConversationSummary & { message: Message }>("/api/conversations", {
    body: { bikeId, text },
  });
}

export function sendMessage(conversationId: string, text: string) {
  return api<Message>(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, {
    body: { text },
  });
}

export function markRead(conversationId: string) {
  return api<void>(`/api/conversations/${encodeURIComponent(conversationId)}/read`, { body: {} });
}
