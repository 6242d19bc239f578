import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { errorMessage } from "../lib/api-client";
import { forgetSession, signOut } from "../lib/session";
import { toast } from "../lib/toast";

const logoutFailed = (error: unknown) => `Logout failed: ${errorMessage(error)}`;

/**
 * Logout: end the session on the server, go home, and only once the home
 * page has been committed forget the user. Forgetting earlier would let a
 * guarded page that is still on screen (react-router commits navigations in
 * a transition) see the user vanish and greet a deliberate logout with
 * 'Please login first'. A failure is said beside the button (`failure`,
 * until the next try) and in a toast.
 */
export function useLogout() {
  const navigate = useNavigate();
  const location = useLocation();
  const [leaving, setLeaving] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      setLeaving(location.key);
      void navigate("/");
    },
    onError: (error) => toast.error(logoutFailed(error)),
  });

  useEffect(() => {
    if (leaving !== null && location.key !== leaving) {
      forgetSession();
      setLeaving(null);
    }
  }, [leaving, location.key]);

  return {
    logout: () => mutation.mutate(),
    pending: mutation.isPending || leaving !== null,
    failure: mutation.isError ? logoutFailed(mutation.error) : null,
  };
}
