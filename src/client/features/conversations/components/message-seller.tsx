import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { startConversation } from "../api";

// The box and its checks (zod) load when asked for: the bike page's first load stays within its budget.
const MessageComposer = lazy(() =>
  import("./message-composer").then((module) => ({ default: module.MessageComposer })),
);

/**
 * 'Message seller' on a bike page: ask before booking. The first message
 * opens (or continues) the buyer's conversation about this bike.
 */
export function MessageSeller({ bikeId, sellerName }: { bikeId: string; sellerName: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  if (!open) {
    return (
      <div>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => setOpen(true)}
          // Start fetching the box as soon as the pointer is on its way.
          onPointerEnter={() => void import("./message-composer")}
        >
          Message seller
        </button>
      </div>
    );
  }
  return (
    <section aria-labelledby="message-seller" className="rounded-box border border-base-300 p-4">
      <h2 id="message-seller" className="mb-2 text-lg font-semibold">
        Message {sellerName}
      </h2>
      <Suspense
        fallback={
          <p role="status" className="flex items-center gap-2">
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            Opening the message box...
          </p>
        }
      >
        <MessageComposer
          label="Your question"
          autoFocus
          onSend={async (text) => {
            const conversation = await startConversation(bikeId, text);
            await navigate(`/dashboard/messages/${conversation.id}`);
          }}
        />
      </Suspense>
    </section>
  );
}
