import { DashboardShell } from "../features/dashboard/components/dashboard-shell";
import { useMe } from "../lib/session";

/** Sits inside the login guard, so the user is known by the time this renders. */
export function Component() {
  const { data: user } = useMe();
  if (!user) return null;
  return <DashboardShell user={user} />;
}
