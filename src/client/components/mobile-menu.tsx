import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import type { User } from "../../shared/schemas/users";

const loadPanel = () => import("./mobile-menu-panel");
const MobileMenuPanel = lazy(() =>
  loadPanel().then((module) => ({ default: module.MobileMenuPanel })),
);

/**
 * The small-screen menu: a real button that opens a list of the same links
 * as the desktop bar (mobile-menu-panel.tsx). The list and its focus trap
 * are a separate file, fetched once the page is idle, so they are not part
 * of the first download yet are there before anyone can tap the button.
 */
export function MobileMenu({ user }: { user: User | null | undefined }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(() => void loadPanel());
  }, []);

  return (
    <div ref={root} className="relative lg:hidden">
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-square"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? "Close menu" : "Open menu"}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" aria-hidden="true">
          <path
            d={open ? "M6 6l12 12M18 6L6 18" : "M4 7h16M4 12h16M4 17h16"}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MobileMenuPanel id={panelId} user={user} root={root} button={button} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
