/**
 * The server answered 503/507: its database is away for a moment. Said
 * calmly, with a way to try again, instead of an error page.
 */
export function UnavailableState({ onRetry, retrying }: { onRetry(): void; retrying?: boolean }) {
  return (
    <div role="status" className="mx-auto max-w-md p-8 text-center">
      <h2 className="text-xl font-semibold">We'll be right back</h2>
      <p className="mt-1 text-base-content/80">
        ReRide can't reach its database right now. Nothing you saved is lost; please try again in a
        moment.
      </p>
      <button type="button" className="btn btn-primary mt-4" disabled={retrying} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
