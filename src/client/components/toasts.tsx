import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { markToastContainerReady, subscribeToToastRequests, toastsWanted } from "../lib/toast";

const ToastContainer = lazy(() =>
  import("react-toastify").then((module) => ({ default: module.ToastContainer })),
);

/**
 * The seed's toasts: top-center, 5 s, light theme. The container's code
 * arrives when the browser is idle after the first page, or at once when a
 * toast is raised before that.
 *
 * The container is a polite live region (aria-live="polite"), and each toast
 * is role="status" rather than the library's default "alert": a toast says
 * what went right, and what went wrong is also said in the page beside what
 * failed, so no toast needs to interrupt a screen reader.
 */
export function Toasts() {
  const wanted = useSyncExternalStore(subscribeToToastRequests, toastsWanted, () => false);
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    if ("requestIdleCallback" in window) {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 1500);
    return () => clearTimeout(timer);
  }, []);

  if (!wanted && !idle) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-center" autoClose={5000} theme="light" role="status" />
      <ContainerReady />
    </Suspense>
  );
}

/** Rendered beside the container, so its effect runs once the live region is in the page. */
function ContainerReady() {
  useEffect(() => markToastContainerReady(), []);
  return null;
}
