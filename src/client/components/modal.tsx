import { type ReactNode, useEffect, useRef, useState } from "react";
import { useFocusTrap } from "./use-focus-trap";

interface ModalProps {
  /** The id of the dialog's heading, which names it for screen readers. */
  labelledBy: string;
  /** Called when the dialog closed itself (Escape); the parent then unmounts it. */
  onClose: () => void;
  /** While true, Escape does not close it (a request is running). */
  busy?: boolean;
  children: ReactNode;
  className?: string;
}

/**
 * A native <dialog> opened with showModal(): the browser makes the page
 * behind inert and closes it on Escape. It is open for as long as it is
 * mounted, so the parent's state alone decides whether it shows. Tab cycles
 * inside it (the browser alone would let it leave for the address bar), and
 * however it closes, focus goes back to the button that opened it.
 * No click-outside close: a half-filled form must not vanish by accident.
 */
export function Modal({ labelledBy, onClose, busy = false, children, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Read while rendering, before showModal() moves focus into the dialog.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  useFocusTrap(ref, true, { returnFocus: () => opener });

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      className="modal modal-bottom sm:modal-middle"
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onClose={onClose}
    >
      <div className={`modal-box ${className ?? ""}`}>{children}</div>
    </dialog>
  );
}
