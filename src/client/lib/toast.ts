import type { ToastOptions } from "react-toastify";

/**
 * react-toastify loads on first use or when the browser is idle, never with
 * the first page, which keeps it out of the home page's initial JavaScript.
 */
const load = () => import("react-toastify");

let wanted = false;
const listeners = new Set<() => void>();

// A live region is only announced when it changes after it is in the page:
// the first toast waits until <Toasts> has mounted the (empty) container.
let containerReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  containerReady = resolve;
});

/** For <Toasts>: mount the container now, a toast is on its way. */
export function subscribeToToastRequests(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function toastsWanted() {
  return wanted;
}

/** For <Toasts>: the container (the live region) is in the page. */
export function markToastContainerReady() {
  containerReady();
}

type Kind = "success" | "error" | "warn" | "info";

function show(kind: Kind, message: string, options?: ToastOptions) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void Promise.all([load(), ready]).then(([{ toast }]) => {
    // One frame after the region appeared, so assistive technology has seen it empty.
    requestAnimationFrame(() => toast[kind](message, options));
  });
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
  warn: (message: string, options?: ToastOptions) => show("warn", message, options),
  info: (message: string, options?: ToastOptions) => show("info", message, options),
};
