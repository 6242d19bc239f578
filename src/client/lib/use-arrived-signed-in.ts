import { useRef } from "react";
import { useMe } from "./session";

/**
 * Whether the visitor was already signed in when the page was first shown
 * with a known session. Decided once, so signing in on the page itself (the
 * login form, which then navigates on its own) doesn't count.
 */
export function useArrivedSignedIn(): boolean {
  const me = useMe();
  const arrived = useRef<boolean | null>(null);
  if (arrived.current === null && !me.isPending) arrived.current = Boolean(me.data);
  return arrived.current === true;
}
