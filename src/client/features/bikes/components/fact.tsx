import type { ReactNode } from "react";

interface FactProps {
  term: string;
  children: ReactNode;
  /** Long values wrap (a bike's own page has room); on a card they end in "…". */
  wrap?: boolean;
}

/** One term and its value in a bike's list of facts (a <dl>). */
export function Fact({ term, children, wrap = false }: FactProps) {
  return (
    <div className="min-w-0">
      <dt className="text-base-content/75">{term}</dt>
      <dd className={wrap ? "font-medium break-words" : "truncate font-medium"}>{children}</dd>
    </div>
  );
}
