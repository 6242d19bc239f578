import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { subscribeToToastRequests, toastsWanted } from "../lib/toast";

const ToastContainer = lazy(() =>
  import("react-toastify").then((module) => ({ default: module.ToastContainer })),
);

/**
 * The seed's toasts: top-center, 5 s, light theme. The container's code
 * arrives when the browser is idle after the first page, or at once when a
 * toast is raised before that.
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
      <ToastContainer position="top-center" autoClose={5000} theme="light" />
    </Suspense>
  );
}
