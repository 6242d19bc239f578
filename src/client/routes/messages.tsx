import { PageHeading } from "../components/page-heading";
import { ConversationList } from "../features/conversations/components/conversation-list";
import { usePageTitle } from "../lib/page-title";
import { useMe } from "../lib/session";

/** /dashboard/messages */
export function Component() {
  usePageTitle("Messages");
  const { data: user } = useMe();
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <PageHeading>Messages</PageHeading>
      <p className="mt-2 text-base-content/80">
        Your conversations with buyers and sellers, newest first.
      </p>
      {user ? <ConversationList user={user} /> : null}
    </section>
  );
}
