import { useMutation } from "@tanstack/react-query";
import type { WishlistEntry } from "#src/shared/schemas/bikes";
import { errorMessage } from "../../lib/api-client";
import { type ListedBike, patchBikeEverywhere } from "../../lib/bike-cache";
import { updatePagedItems } from "../../lib/paged-items";
import { queryClient } from "../../lib/query-client";
import { queryKeys } from "../../lib/query-keys";
import { toast } from "../../lib/toast";
import { setWishlisted } from "./api";

interface Toggle {
  bike: ListedBike;
  wishlisted: boolean;
}

/** Words for a refused heart, said beside it and in a toast. */
export function wishlistFailed(error: unknown, wishlisted: boolean): string {
  const action = wishlisted ? "add it to" : "remove it from";
  return `Could not ${action} your wishlist. ${errorMessage(error)}`;
}

/**
 * The heart: flips at once (optimistic), and flips back when the server
 * says no; the button says why beside the heart and in a toast. A removal also takes the bike off the
 * wishlist page at once, from whichever loaded page of it holds the bike.
 */
export function useWishlistToggle() {
  return useMutation({
    mutationFn: ({ bike, wishlisted }: Toggle) => setWishlisted(bike.id, wishlisted),
    onMutate: async ({ bike, wishlisted }: Toggle) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.wishlist });
      const previous = queryClient.getQueryData(queryKeys.wishlist);
      patchBikeEverywhere(bike.id, { wishlisted });
      if (!wishlisted) {
        updatePagedItems<WishlistEntry>(queryKeys.wishlist, (entries) =>
          entries.filter((entry) => entry.bike.id !== bike.id),
        );
      }
      return { previous };
    },
    onError: (error, { bike, wishlisted }, context) => {
      patchBikeEverywhere(bike.id, { wishlisted: !wishlisted });
      if (context?.previous) queryClient.setQueryData(queryKeys.wishlist, context.previous);
      toast.error(wishlistFailed(error, wishlisted));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.wishlist });
      // The first wishlist bike earns 5% off, so saved prices may have changed.
      void queryClient.invalidateQueries({ queryKey: ["bikes", "detail"] });
    },
  });
}
