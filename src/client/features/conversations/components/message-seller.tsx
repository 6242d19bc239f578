import { useState } from "react";
import { useNavigate } from "react-router";
import { startConversation } from "../api";
import { MessageComposer } from "./message-composer";

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
        <button type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
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
      <MessageComposer
        label="Your question"
        autoFocus
        onSend={async (text) => {
          const conversation = await startConversation(bikeId, text);
          await navigate(`/dashboard/messages/${conversation.id}`);
        }}
      />
    </section>
  );
}
