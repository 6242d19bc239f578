import { createContext, useContext, useEffect } from "react";

const SITE = "ReRide";

/**
 * Sets document.title for a page. A plain effect rather than React 19's
 * hoisted <title>, because index.html already has one and the first <title>
 * in the document wins.
 */
export function usePageTitle(title: string, options: { exact?: boolean } = {}) {
  const full = options.exact ? title : `${title} | ${SITE}`;
  // Effects don't run on the server: the page's HTML gets its title from here.
  useContext(ServerPageTitle)?.(full);
  useEffect(() => {
    document.title = full;
  }, [full]);
}

/** Set only by the server renderer, which writes the last title a page asked for into <title>. */
export const ServerPageTitle = createContext<((title: string) => void) | null>(null);
