import { Hono } from "hono";
import {
  conversationInputSchema,
  messageInputSchema,
  pageQuerySchema,
} from "#src/shared/schemas/conversations";
import type { AppBindings } from "../../context";
import { countUnread } from "../../conversations/unread";
import { readJson, readQuery } from "../../lib/validate";
import { requireUser, signedInUser } from "../../middleware/session";
import {
  conversationNotFound,
  findConversationSummary,
  listConversations,
  listMessages,
  markConversationRead,
} from "./conversations.queries";
import { liveEventStream } from "./event-stream";
import { sendMessage, startConversation } from "./send-message";

/** /api/conversations */
export const conversationsRoutes = new Hono<AppBindings>();

conversationsRoutes.post("/", requireUser, async (c) => {
  const { db, dialect, env, outbox } = c.get("deps");
  const user = signedInUser(c);
  const input = await readJson(c, conversationInputSchema);
  const { conversationId, created, message } = await startConversation(db, user, input, {
    publicUrl: env.publicUrl,
    dialect,
  });
  outbox.notify();
  const summary = await findConversationSummary(db, user.id, conversationId);
  if (!summary) throw conversationNotFound();
  return c.json({ ...summary, message }, created ? 201 : 200);
});

conversationsRoutes.get("/:id", requireUser, async (c) => {
  const summary = await findConversationSummary(
    c.get("deps").db,
    signedInUser(c).id,
    c.req.param("id"),
  );
  if (!summary) throw conversationNotFound();
  return c.json(summary);
});

conversationsRoutes.get("/:id/messages", requireUser, async (c) => {
  const page = readQuery(c, pageQuerySchema);
  const { db } = c.get("deps");
  return c.json(await listMessages(db, signedInUser(c).id, c.req.param("id"), page));
});

conversationsRoutes.post("/:id/messages", requireUser, async (c) => {
  const { db, dialect, env, outbox } = c.get("deps");
  const { text } = await readJson(c, messageInputSchema);
  const message = await sendMessage(db, signedInUser(c), c.req.param("id"), text, {
    publicUrl: env.publicUrl,
    dialect,
  });
  outbox.notify();
  return c.json(message, 201);
});

conversationsRoutes.post("/:id/read", requireUser, async (c) => {
  await markConversationRead(c.get("deps").db, signedInUser(c).id, c.req.param("id"));
  return c.body(null, 204);
});

/** /api/me/conversations, /api/me/unread and /api/me/events */
export const myConversationsRoutes = new Hono<AppBindings>();

myConversationsRoutes.get("/conversations", requireUser, async (c) => {
  const page = readQuery(c, pageQuerySchema);
  return c.json(await listConversations(c.get("deps").db, signedInUser(c).id, page));
});

myConversationsRoutes.get("/unread", requireUser, async (c) => {
  return c.json(await countUnread(c.get("deps").db, signedInUser(c).id));
});

myConversationsRoutes.get("/events", requireUser, liveEventStream);
