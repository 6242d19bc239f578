import type { QueryClient } from "@tanstack/react-query";
import type { LoaderFunctionArgs } from "react-router";
import { queryClient } from "./query-client";

/**
 * What a page needs for its first paint, fetched into the given cache. The
 * route's loader calls it with the browser's cache; the server calls it with
 * a cache of its own for each request before it renders the page to HTML
 * (entry-server.tsx), so both ask for the same data the same way.
 */
export type PageData = (client: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>;

/** A route loader that waits for its page's data in the browser's cache. */
export function waitForPageData(pageData: PageData) {
  return async (args: LoaderFunctionArgs) => {
    await pageData(queryClient, args);
    return null;
  };
}
