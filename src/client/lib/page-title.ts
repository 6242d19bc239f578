import { useEffect } from "react";

const SITE = "ReRide";

/**
 * Sets document.title for a page. A plain effect rather than React 19's
 * hoisted <title>, because index.html already has one and the first <title>
 * in the document wins.
 */
export function usePageTitle(title: string, options: { exact?: boolean } = {}) {
  const full = options.exact ? title : `${title} | ${SITE}`;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
