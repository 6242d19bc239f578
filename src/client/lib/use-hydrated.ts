import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while React renders on the server and while it hydrates that HTML,
 * true from the render right after. For text that depends on the browser
 * (its locale, its time zone, its clock): the server's words show until the
 * page's code runs, then the browser's replace them without a mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
