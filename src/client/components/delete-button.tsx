import { useState } from "react";
import { ConfirmDialog } from "./confirm-dialog";

/** What DeleteButton needs of the deleting mutation (TanStack Query's result fits). */
interface Deletion<T> {
  mutate: (item: T, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

interface DeleteButtonProps<T> {
  item: T;
  deletion: Deletion<T>;
  label: string;
  disabled: boolean;
  /** The question, what deleting does, and the button that does it. */
  title: string;
  message: string;
  confirmLabel: string;
  /** Words for a failed deletion, said in the dialog, which stays open. */
  failed: (error: unknown) => string;
}

/** A delete button that asks first: "Are you sure?" in a dialog, closed once the item is gone. */
export function DeleteButton<T>({
  item,
  deletion,
  label,
  disabled,
  title,
  message,
  confirmLabel,
  failed,
}: DeleteButtonProps<T>) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline btn-error"
        disabled={disabled}
        onClick={() => {
          deletion.reset();
          setConfirming(true);
        }}
      >
        {label}
      </button>
      {confirming ? (
        <ConfirmDialog
          title={title}
          message={message}
          confirmLabel={confirmLabel}
          pending={deletion.isPending}
          error={deletion.isError ? failed(deletion.error) : null}
          onConfirm={() => deletion.mutate(item, { onSuccess: () => setConfirming(false) })}
          onDismiss={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
