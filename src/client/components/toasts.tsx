import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useLocation } from "react-router";
import {
  markToastContainerReady,
  subscribeToToastRequests,
  toastsWanted,
  turnToastPage,
} from "../lib/toast";

const ToastContainer = lazy(() =>
  import("react-toastify").then((module) => ({ default: module.ToastContainer })),
);

/**
 * The seed's toasts, 5 s, light theme, at the bottom of the window (right
 * on wide screens), where they cover neither the header's search and links
 * nor a page's heading. Stale ones go when the visitor moves on (lib/toast).
 * The container's code
 * arrives with the visitor's first tap, key or focus (toasts answer what
 * people do), or at once when a toast is raised before that; not while the
 * page is still starting, where it would be one more long task.
 *
 * The container is a polite live region (aria-live="polite"), and each toast
 * is role="status" rather than the library's default "alert": a toast says
 * what went right, and what went wrong is also said in the page beside what
 * failed, so no toast needs to interrupt a screen reader.
 */
export function Toasts() {
  const wanted = useSyncExternalStore(subscribeToToastRequests, toastsWanted, () => false);
  const [used, setUsed] = useState(false);
  useTurnPages();

  useEffect(() => {
    const events = ["pointerdown", "keydown", "focusin"] as const;
    const use = () => setUsed(true);
    for (const event of events) document.addEventListener(event, use, { once: true });
    return () => {
      for (const event of events) document.removeEventListener(event, use);
    };
  }, []);

  if (!wanted && !used) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="bottom-right" autoClose={5000} theme="light" role="status" />
      <ContainerReady />
    </Suspense>
  );
}

/**
 * Tells the toasts each time the page (not only its query or hash) changes.
 * A layout effect, so the turn is counted before the new page's own effects
 * run: <Toasts> comes after the page in the tree, and a toast the new page
 * raises at once ('Please login first', from the guard on its way to /login)
 * belongs to the new page. Counted after it, the toast was taken for the old
 * page's and dropped as stale on the next move when its code arrived late.
 */
function useTurnPages() {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path, on purpose.
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    turnToastPage();
  }, [pathname]);
}

/** Rendered beside the container, so its effect runs once the live region is in the page. */
function ContainerReady() {
  useEffect(() => markToastContainerReady(), []);
  return null;
}
