import type { ToastOptions } from "react-toastify";

/**
 * react-toastify loads on first use or when the browser is idle, never with
 * the first page, which keeps it out of the home page's initial JavaScript.
 * Toasts raised before the container mounts are queued by the library and
 * shown once it has.
 */
const load = () => import("react-toastify");

let wanted = false;
const listeners = new Set<() => void>();

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

type Kind = "success" | "error" | "warn" | "info";

function show(kind: Kind, message: string, options?: ToastOptions) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void load().then(({ toast }) => {
    toast[kind](message, options);
  });
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
  warn: (message: string, options?: ToastOptions) => show("warn", message, options),
  info: (message: string, options?: ToastOptions) => show("info", message, options),
};
