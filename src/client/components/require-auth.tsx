import { useEffect, useRef } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { errorMessage } from "../lib/api-client";
import { forgetSession, useMe } from "../lib/session";
import { toast } from "../lib/toast";
import { RouteLoading } from "./route-loading";

/**
 * The login guard: waits for the session, then either shows the page or
 * sends the visitor to /login, remembering where they were going.
 */
export function RequireAuth() {
  const me = useMe();
  const location = useLocation();
  useRecheckOnNavigation(location.pathname, me.refetch);

  if (me.isPending) return <RouteLoading />;
  if (me.isError && me.data === undefined) {
    return (
      <div role="alert" className="mx-auto max-w-md p-8 text-center">
        <p className="font-semibold">We could not check whether you are signed in.</p>
        <p className="mt-1 text-base-content/80">{errorMessage(me.error)}</p>
        <button type="button" className="btn btn-primary mt-4" onClick={() => me.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!me.data) return <RedirectToLogin from={location} />;
  return <Outlet />;
}

/**
 * A session can end on the server while the page is open (an admin deleted
 * the account, or it was signed out elsewhere). Asking again on each move
 * between guarded pages catches that on the next navigation, even on a page
 * that loads no data of its own. The cached user keeps the page on screen
 * meanwhile, so there is no flash of loading.
 */
function useRecheckOnNavigation(pathname: string, recheck: () => Promise<unknown>) {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path, on purpose.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void recheck();
  }, [pathname]);
}

function RedirectToLogin({ from }: { from: ReturnType<typeof useLocation> }) {
  useEffect(() => {
    // A fixed id: StrictMode's double effect and quick re-renders still show one toast.
    toast.warn("Please login first", { toastId: "please-login-first" });
    // Whatever was cached belonged to a session that is over.
    forgetSession();
  }, []);
  return <Navigate to="/login" replace state={{ from }} />;
}
