import type { Bike } from "#src/shared/schemas/bikes";

/**
 * A listing an administrator took down, as its owner (and admins) see it:
 * buyers don't see it at all, so this says so, and why.
 */
export function HiddenNotice({ hidden }: { hidden: Bike["hidden"] }) {
  if (!hidden) return null;
  return (
    <div role="note" className="alert alert-warning alert-soft items-start text-sm">
      <div>
        <p className="font-semibold">Hidden by an administrator: buyers can't see this listing.</p>
        <p className="break-words">Reason: {hidden.reason}</p>
      </div>
    </div>
  );
}
