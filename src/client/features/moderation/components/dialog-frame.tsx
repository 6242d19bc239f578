import type { ReactNode } from "react";
import { Modal } from "#src/client/components/modal";

/** A moderation dialog: heading, Close, and the form below. */
export function DialogFrame({
  titleId,
  title,
  busy,
  onClose,
  children,
}: {
  titleId: string;
  title: string;
  busy: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal labelledBy={titleId} onClose={onClose} busy={busy} className="max-w-lg">
      <div className="mb-4 flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        <button
          type="button"
          className="btn btn-circle btn-ghost btn-sm"
          aria-label="Close"
          disabled={busy}
          onClick={onClose}
        >
          <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </div>
      {children}
    </Modal>
  );
}
