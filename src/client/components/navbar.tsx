import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { useMe, useSigningOut } from "../lib/session";
import { useHydrated } from "../lib/use-hydrated";
import { ActionError } from "./action-error";
import { MobileMenu } from "./mobile-menu";
import { NavLinks } from "./nav-links";
import { NavbarSearch } from "./navbar-search";
import { useLogout } from "./use-logout";

// The badge and its live connection load after first paint, for signed-in users only.
const UnreadBadge = lazy(() => import("./unread-badge"));

export function Navbar() {
  const { data: user } = useMe();
  const hydrated = useHydrated();
  const signingOut = useSigningOut();
  const { logout, pending, failure } = useLogout();

  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav aria-label="Main" className="navbar mx-auto max-w-7xl gap-2 px-3 sm:px-6">
        <div className="navbar-start gap-1">
          <MobileMenu user={user} />
          <Link
            to="/"
            className="flex items-center gap-2 rounded-field px-1 text-xl font-extrabold"
          >
            <img src="/favicon.svg" alt="" width="32" height="32" className="h-8 w-8" />
            <span>
              Re<span className="text-primary">Ride</span>
            </span>
          </Link>
        </div>
        <div className="navbar-center hidden lg:flex">
          <ul className="menu menu-horizontal gap-1 px-1">
            <NavLinks user={user ?? null} />
          </ul>
        </div>
        <div className="navbar-end gap-2">
          {user ? <NavbarSearch className="hidden max-w-64 md:flex" /> : null}
          {user && hydrated && !signingOut ? (
            <Suspense fallback={null}>
              <UnreadBadge />
            </Suspense>
          ) : null}
          {user ? (
            <>
              <span
                className="max-w-28 truncate text-xs text-base-content/80 sm:max-w-56 sm:text-sm"
                title={user.email}
              >
                {user.email}
              </span>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={pending}
                onClick={logout}
              >
                {pending ? (
                  <>
                    <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                    Logging out...
                  </>
                ) : (
                  "Logout"
                )}
              </button>
            </>
          ) : user === null ? (
            <>
              <Link to="/login" className="btn btn-ghost btn-sm">
                Login
              </Link>
              <Link to="/registration" className="btn btn-primary btn-sm hidden sm:inline-flex">
                Registration
              </Link>
            </>
          ) : null}
        </div>
      </nav>
      {/* Right under 'Logout', the last control above; the header grows rather than cover the page. */}
      {user && failure ? (
        <div className="mx-auto max-w-7xl px-3 pb-2 text-right sm:px-6">
          <ActionError message={failure} />
        </div>
      ) : null}
    </header>
  );
}
