/**
 * The seller-verified mark: a tick and the word "Verified", so it never
 * relies on its colour or shape alone (WCAG 1.4.1). Screen readers hear the
 * tick's label, "Verified seller", once; the visible word is not repeated.
 */
export function VerifiedMark({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap text-sm font-semibold text-info"
      title="Verified seller"
    >
      <svg viewBox="0 0 24 24" role="img" aria-label="Verified seller" className={className}>
        <title>Verified seller</title>
        <path
          fill="currentColor"
          d="M12 1.5l2.6 1.9 3.2-.2 1 3.1 2.7 1.8-1 3.1 1 3.1-2.7 1.8-1 3.1-3.2-.2L12 22.5l-2.6-1.9-3.2.2-1-3.1-2.7-1.8 1-3.1-1-3.1 2.7-1.8 1-3.1 3.2.2z"
        />
        <path
          d="M8 12.2l2.7 2.7L16.2 9.4"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span aria-hidden="true">Verified</span>
    </span>
  );
}
