import { useId } from "react";
import { ActionError } from "./action-error";
import { Modal } from "./modal";

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  /** The safe choice; it comes first, so it has the focus when the dialog opens. */
  dismissLabel?: string;
  pending: boolean;
  /** Why the last try failed; the dialog stays open so the user can try again or keep it. */
  error?: string | null;
  onConfirm: () => void;
  onDismiss: () => void;
}

/** "Are you sure?" before a change that can't be undone. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  dismissLabel = "Keep it",
  pending,
  error = null,
  onConfirm,
  onDismiss,
}: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Modal labelledBy={titleId} onClose={onDismiss} busy={pending}>
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      <p className="mt-2 text-base-content/80">{message}</p>
      <div className="mt-3">
        <ActionError message={error} />
      </div>
      <div className="modal-action flex-wrap">
        <button type="button" className="btn btn-ghost" disabled={pending} onClick={onDismiss}>
          {dismissLabel}
        </button>
        <button type="button" className="btn btn-error" disabled={pending} onClick={onConfirm}>
          {pending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : null}
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
