import { Link, useParams } from "react-router";
import { PageHeading } from "../components/page-heading";
import { ConversationThread } from "../features/conversations/components/conversation-thread";
import { usePageTitle } from "../lib/page-title";
import { useMe } from "../lib/session";

/** /dashboard/messages/:id */
export function Component() {
  usePageTitle("Conversation");
  const { id = "" } = useParams();
  const { data: user } = useMe();
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <p>
        <Link to="/dashboard/messages" className="link inline-flex min-h-6 items-center text-sm">
          ← All messages
        </Link>
      </p>
      <PageHeading>Conversation</PageHeading>
      {user ? <ConversationThread key={id} id={id} user={user} /> : null}
    </section>
  );
}
