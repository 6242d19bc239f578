import { createContext, type ReactNode, useContext } from "react";

/**
 * One h1 per page: a page inside the dashboard sits under the dashboard's
 * "Welcome" h1, so the shell lowers its pages' headings to h2.
 */
const HeadingLevelContext = createContext<1 | 2>(1);

export const HeadingLevelProvider = HeadingLevelContext.Provider;

export function PageHeading({ children, className }: { children: ReactNode; className?: string }) {
  const level = useContext(HeadingLevelContext);
  const Tag = level === 1 ? "h1" : "h2";
  return (
    // Marked so a route change can focus the page's own heading (route-focus.tsx).
    <Tag data-page-heading className={className ?? "text-3xl font-bold tracking-tight sm:text-4xl"}>
      {children}
    </Tag>
  );
}
