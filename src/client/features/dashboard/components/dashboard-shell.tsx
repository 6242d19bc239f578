import { useId, useRef, useState } from "react";
import { Outlet } from "react-router";
import { HeadingLevelProvider } from "#src/client/components/page-heading";
import { useFocusTrap } from "#src/client/components/use-focus-trap";
import { isAdmin } from "#src/shared/permissions";
import type { User } from "#src/shared/schemas/users";
import { SideMenu } from "./side-menu";

/** What the banner calls the account: an administrator whatever they registered as. */
function accountLabel(user: User): string {
  if (isAdmin(user)) return "Administrator account";
  return user.accountType === "seller" ? "Seller account" : "Buyer account";
}

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
        {/* One short row on phones, so each page's own content starts on the first screen. */}
        <div className="border-b border-base-300 bg-gradient-to-r from-orange-50 to-amber-50 px-4 py-2 sm:px-6 lg:py-8">
          <div className="flex items-center justify-between gap-3">
            <div className="min-w-0">
              <h1 className="truncate text-lg font-extrabold tracking-tight lg:text-3xl">
                Welcome {user.name}
              </h1>
              <p className="text-sm text-base-content/80 lg:mt-1 lg:text-base">
                {accountLabel(user)}
              </p>
            </div>
            <button
              ref={toggle}
              type="button"
              className="btn btn-outline btn-sm shrink-0 lg:hidden"
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
      {/* Beside the page on large screens it stays under the sticky top bar (z-30), never over it. */}
      <div className="drawer-side z-40 lg:top-16 lg:z-20 lg:h-[calc(100dvh-4rem)]">
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
