import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { errorMessage } from "../lib/api-client";
import { useMe } from "../lib/session";
import { toast } from "../lib/toast";
import { RouteLoading } from "./route-loading";

/**
 * The login guard: waits for GET /api/me, then either shows the page or
 * sends the visitor to /login, remembering where they were going.
 */
export function RequireAuth() {
  const me = useMe();
  const location = useLocation();

  if (me.isPending) return <RouteLoading />;
  if (me.isError) {
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

function RedirectToLogin({ from }: { from: ReturnType<typeof useLocation> }) {
  useEffect(() => {
    // A fixed id: StrictMode's double effect and quick re-renders still show one toast.
    toast.warn("Please login first", { toastId: "please-login-first" });
  }, []);
  return <Navigate to="/login" replace state={{ from }} />;
}
