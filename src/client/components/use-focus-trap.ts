import { type RefObject, useEffect, useRef } from "react";

const TABBABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/** The elements Tab can reach inside `container`, in document order. */
export function tabbables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (element) => element.tabIndex >= 0 && element.checkVisibility({ visibilityProperty: true }),
  );
}

interface FocusTrapOptions {
  /** Called on Escape (the owner closes the panel). */
  onEscape?: () => void;
  /**
   * Where focus goes when the trap opens; by default the first tabbable
   * element, unless focus is inside already (a dialog focuses its own).
   */
  initialFocus?: () => HTMLElement | null | undefined;
  /**
   * Where focus goes back to when it closes; by default what had focus when
   * it opened. null: nowhere (a link was followed; the new page takes focus).
   */
  returnFocus?: () => HTMLElement | null | undefined;
}

/**
 * While `active`, Tab and Shift+Tab cycle inside `container` (from the last
 * element to the first and back), Escape calls `onEscape`, and on closing
 * focus returns to what opened it: a keyboard user is never left on the
 * page's <body> behind a panel that has gone (WCAG 2.4.3, 2.1.2).
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  active: boolean,
  options: FocusTrapOptions = {},
) {
  // The latest options without re-running the effect (the owner's callbacks change each render).
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!active) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Where the focus will go back to lives in a card or page: remembered now, while it is there.
    const returnTarget = latest.current.returnFocus ? latest.current.returnFocus() : opener;
    const openerRegion = returnTarget?.closest<HTMLElement>("article, section, main") ?? null;
    const root = container.current;
    const { initialFocus } = latest.current;
    let frame = 0;
    // A panel that slides in is not focusable until its transition makes it visible.
    const focusWhenShown = (target: HTMLElement | null | undefined, tries = 30) => {
      if (!target) return;
      target.focus();
      if (document.activeElement !== target && tries > 0) {
        frame = requestAnimationFrame(() => focusWhenShown(target, tries - 1));
      }
    };
    if (initialFocus) focusWhenShown(initialFocus());
    else if (root && !root.contains(document.activeElement)) focusWhenShown(tabbables(root)[0]);

    const onKeyDown = (event: KeyboardEvent) => {
      const panel = container.current;
      if (!panel) return;
      if (event.key === "Escape" && latest.current.onEscape) {
        event.preventDefault();
        latest.current.onEscape();
        return;
      }
      if (event.key !== "Tab") return;
      const reachable = tabbables(panel);
      const first = reachable[0];
      const last = reachable[reachable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const current = document.activeElement;
      const inside = current instanceof Node && panel.contains(current);
      if (event.shiftKey && (!inside || current === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || current === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);

    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("keydown", onKeyDown);
      const { returnFocus } = latest.current;
      const target = returnFocus ? returnFocus() : opener;
      // Only when focus was inside the panel or has fallen to <body>: a click
      // elsewhere that closed it has already put focus where the user wanted.
      const focus = document.activeElement;
      const lost = !focus || focus === document.body || Boolean(root?.contains(focus));
      if (!lost) return;
      if (target?.isConnected) target.focus();
      if (document.activeElement !== target) focusHeadingOf(openerRegion);
    };
  }, [active, container]);
}

/**
 * When the opener can no longer take focus (the bike was just booked, so
 * 'Buy' is disabled; the cancelled booking has no 'Cancel' any more), focus
 * goes to the heading of the card or page it was in, not to <body>.
 */
function focusHeadingOf(region: HTMLElement | null) {
  if (!region?.isConnected) return;
  const heading = region.querySelector<HTMLElement>("h1, h2, h3, h4");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) {
    heading.tabIndex = -1;
    heading.addEventListener("blur", () => heading.removeAttribute("tabindex"), { once: true });
  }
  heading.focus();
}
