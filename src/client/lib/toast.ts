import type { Id, ToastOptions } from "react-toastify";

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

/*
 * Toasts belong to the move that raised them: 'Please login first' explains
 * the trip to /login and 'Account created' the trip home, but neither means
 * anything a page later. Each toast is tagged with the page it was raised on
 * and is dismissed when the visitor leaves the page after that.
 */
let page = 0;
const raisedOn = new Map<Id, number>();

/** For <Toasts>: the visitor moved to another page. */
export function turnToastPage() {
  const stale = [...raisedOn].filter(([, raised]) => raised < page).map(([id]) => id);
  page += 1;
  if (stale.length === 0) return;
  void load().then(({ toast }) => {
    for (const id of stale) {
      toast.dismiss(id);
      raisedOn.delete(id);
    }
  });
}

function show(kind: Kind, message: string, options?: ToastOptions) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  const raised = page;
  void Promise.all([load(), ready]).then(([{ toast }]) => {
    // One frame after the region appeared, so assistive technology has seen it empty.
    requestAnimationFrame(() => {
      // Two pages on, its peers are gone already: it is stale before it shows.
      if (page - raised > 1) return;
      raisedOn.set(toast[kind](message, options), raised);
    });
  });
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
  warn: (message: string, options?: ToastOptions) => show("warn", message, options),
  info: (message: string, options?: ToastOptions) => show("info", message, options),
};
