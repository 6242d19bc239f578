/** Shown while the first screen's code loads, and while a guard waits for the session. */
export function RouteLoading({ label = "loading" }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center gap-3 p-8">
      <span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
      <span className="text-base-content/80">{label}</span>
    </div>
  );
}
