import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/** How long to wait for a page that shows its heading only once its data is in. */
const HEADING_WAIT_MS = 3000;

/**
 * After a client-side navigation (not the first load, not a change of query
 * or hash on the same page) focus moves to the new page's heading, so
 * keyboard and screen-reader users start reading there instead of at the
 * link they left, and a polite live region names the page for screen
 * readers that do not speak a focused heading.
 *
 * The heading is the one PageHeading marks (inside the dashboard, the
 * page's own h2 rather than the dashboard's welcome), else the main h1.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById("main");
    if (!main) return;

    const focusHeading = (): boolean => {
      const heading =
        main.querySelector<HTMLElement>("[data-page-heading]") ?? main.querySelector("h1");
      if (!heading) return false;
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
      setAnnouncement(heading.textContent?.trim() || document.title);
      return true;
    };
    if (focusHeading()) return;

    // The page is still loading its data: focus the heading when it appears.
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);

  return (
    <p className="sr-only" aria-live="polite" aria-atomic="true">
      {announcement}
    </p>
  );
}
