import { useMutation } from "@tanstack/react-query";
import { errorMessage } from "../../lib/api-client";
import type { ListedBike } from "../../lib/bike-cache";
import { updatePagedItems } from "../../lib/paged-items";
import { queryClient } from "../../lib/query-client";
import { queryKeys } from "../../lib/query-keys";
import { toast } from "../../lib/toast";
import { deleteBike, setAdvertised } from "./seller-api";

/** Changes the seller's listings in whichever loaded page holds them. */
const updateMyBikes = (change: (items: ListedBike[]) => ListedBike[]) =>
  updatePagedItems(queryKeys.myBikes, change);

export const advertiseFailed = (error: unknown) =>
  `Could not change advertising. ${errorMessage(error)}`;
export const deleteFailed = (error: unknown) =>
  `Could not delete the product. ${errorMessage(error)}`;

/** 'Advertise' / 'Stop advertising': the card changes in place once the server agreed. */
export function useAdvertise() {
  return useMutation({
    mutationFn: ({ bike, advertised }: { bike: ListedBike; advertised: boolean }) =>
      setAdvertised(bike.id, advertised),
    onSuccess: (updated, { advertised }) => {
      updateMyBikes((items) =>
        items.map((item) => (item.id === updated.id ? { ...item, ...updated } : item)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.advertisedBikes });
      toast.success(advertised ? "Advertised on the home page" : "Stopped advertising");
    },
    onError: (error) => toast.error(advertiseFailed(error)),
  });
}

/**
 * 'Delete': the card leaves the list only after the server deleted the bike,
 * and only then says 'Product deleted'. Its booking (if any) is cancelled by
 * the server, so bookings, lists and counts are fetched again.
 */
export function useDeleteProduct() {
  return useMutation({
    mutationFn: (bike: ListedBike) => deleteBike(bike.id),
    onSuccess: (_nothing, bike) => {
      updateMyBikes((items) => items.filter((item) => item.id !== bike.id));
      toast.success("Product deleted");
      for (const queryKey of [
        queryKeys.bikes,
        queryKeys.bookings,
        queryKeys.categories,
        queryKeys.wishlist,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    onError: (error) => toast.error(deleteFailed(error)),
  });
}
