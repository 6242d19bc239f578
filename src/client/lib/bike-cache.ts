import type { Bike } from "../../shared/schemas/bikes";
import { queryClient } from "./query-client";

/** A bike as the lists return it: the API adds whether the caller saved it and the caller's active booking of it (docs/api.md). */
export type ListedBike = Bike & { wishlisted?: boolean; yourBookingId?: string | null };

export type BikePatch = Partial<
  Pick<ListedBike, "status" | "wishlisted" | "advertised" | "yourBookingId">
>;

function isBike(value: object): value is ListedBike {
  return "id" in value && "resalePrice" in value && "seller" in value;
}

/**
 * Applies `patch` to every copy of the bike inside `value`. Unchanged parts
 * keep their identity, so queries that don't hold the bike don't re-render.
 */
function patchDeep(value: unknown, bikeId: string, patch: BikePatch): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item) => {
      const patched = patchDeep(item, bikeId, patch);
      if (patched !== item) changed = true;
      return patched;
    });
    return changed ? next : value;
  }
  if (value === null || typeof value !== "object") return value;
  if (isBike(value) && value.id === bikeId) return { ...value, ...patch };
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const patched = patchDeep(child, bikeId, patch);
    if (patched !== child) changed = true;
    next[key] = patched;
  }
  return changed ? next : value;
}

/**
 * One bike shows in many lists at once (a category page, home's Advertised
 * section, the wishlist, search results). A booking or a heart must change
 * it everywhere at once, whichever screen cached it, so every cached response
 * is searched for it rather than a list of keys maintained by hand.
 */
export function patchBikeEverywhere(bikeId: string, patch: BikePatch): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const patched = patchDeep(data, bikeId, patch);
    if (patched !== data) queryClient.setQueryData(query.queryKey, patched);
  }
}

/** A copy of the bike in any cached list (e.g. the category page it was opened from). */
export function findCachedBike(bikeId: string): ListedBike | null {
  let found: ListedBike | null = null;
  const visit = (value: unknown) => {
    if (found || value === null || typeof value !== "object") return;
    if (!Array.isArray(value) && isBike(value) && value.id === bikeId) {
      found = value;
      return;
    }
    for (const child of Object.values(value)) visit(child);
  };
  for (const query of queryClient.getQueryCache().getAll()) visit(query.state.data);
  return found;
}
