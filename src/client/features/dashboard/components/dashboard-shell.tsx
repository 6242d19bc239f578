import { useId, useRef, useState } from "react";
import { Outlet } from "react-router";
import { HeadingLevelProvider } from "#src/client/components/page-heading";
import { useFocusTrap } from "#src/client/components/use-focus-trap";
import type { User } from "#src/shared/schemas/users";
import { SideMenu } from "./side-menu";

/**
 * daisyUI's drawer: always open beside the page on large screens; on small
 * ones the 'menu' button slides it in. Its checkbox is driven from React
 * state, so the toggle is a real button and the state is ours to reset.
 * Open on a small screen it behaves as a dialog: focus starts on its first
 * link, Tab cycles inside it, Escape closes it and focus returns to 'menu'.
 */
export function DashboardShell({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const toggleId = useId();
  const sideId = useId();
  const side = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // Following a link hands focus to the new page, not back to 'menu'.
  const navigated = useRef(false);

  useFocusTrap(side, open, {
    onEscape: () => setOpen(false),
    initialFocus: () => side.current?.querySelector("a"),
    returnFocus: () => (navigated.current ? null : toggle.current),
  });

  return (
    <div className="drawer flex-1 lg:drawer-open">
      <input
        id={toggleId}
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(event) => setOpen(event.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content flex flex-col border-base-300 lg:border-l">
        <div className="border-b border-base-300 bg-gradient-to-r from-orange-50 to-amber-50 px-6 py-8">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <div>
              <h1 className="text-3xl font-extrabold tracking-tight">Welcome {user.name}</h1>
              <p className="mt-1 text-base-content/80">{user.accountType} account</p>
            </div>
            <button
              ref={toggle}
              type="button"
              className="btn btn-outline lg:hidden"
              aria-expanded={open}
              aria-controls={sideId}
              onClick={() => {
                navigated.current = false;
                setOpen((value) => !value);
              }}
            >
              <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" aria-hidden="true">
                <path
                  d="M4 7h16M4 12h16M4 17h16"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
              menu
            </button>
          </div>
        </div>
        <HeadingLevelProvider value={2}>
          <Outlet />
        </HeadingLevelProvider>
      </div>
      <div className="drawer-side z-40 lg:top-16 lg:h-[calc(100dvh-4rem)]">
        <button
          type="button"
          className="drawer-overlay"
          aria-label="Close menu"
          tabIndex={-1}
          onClick={() => setOpen(false)}
        />
        <nav
          id={sideId}
          ref={side}
          aria-label="Dashboard"
          className="min-h-full w-72 bg-base-100 p-4"
        >
          <p className="mb-3 px-3 text-xs font-semibold uppercase tracking-wider text-base-content/75">
            Dashboard
          </p>
          <SideMenu
            user={user}
            onNavigate={() => {
              navigated.current = true;
              setOpen(false);
            }}
          />
        </nav>
      </div>
    </div>
  );
}
