import { useMutation } from "@tanstack/react-query";
import { errorMessage } from "../../lib/api-client";
import { queryClient } from "../../lib/query-client";
import { queryKeys } from "../../lib/query-keys";
import { toast } from "../../lib/toast";
import { deleteListing, dismissReport, hideReportedListing, setListingHidden } from "./api";

/** Whatever moderation changed, every list of bikes, reports and the admin log may show it. */
function refreshAfterModeration() {
  for (const queryKey of [
    queryKeys.bikes,
    queryKeys.categories,
    queryKeys.allReports,
    queryKeys.adminActions,
    queryKeys.bookings,
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

export function useDismissReport() {
  return useMutation({
    mutationFn: (reportId: string) => dismissReport(reportId),
    onSuccess: () => {
      refreshAfterModeration();
      toast.success("Report dismissed");
    },
    onError: (error) => toast.error(`Could not dismiss the report. ${errorMessage(error)}`),
  });
}

/** Hides the listing a report is about; the dialog says a failure, so no toast then. */
export function useHideReported(reportId: string) {
  return useMutation({
    mutationFn: (reason: string) => hideReportedListing(reportId, reason),
    onSuccess: () => {
      refreshAfterModeration();
      toast.success("Listing hidden");
    },
  });
}

export function useHideListing(bikeId: string) {
  return useMutation({
    mutationFn: (reason: string) => setListingHidden(bikeId, { hidden: true, reason }),
    onSuccess: () => {
      refreshAfterModeration();
      toast.success("Listing hidden");
    },
  });
}

export function useShowListing() {
  return useMutation({
    mutationFn: (bikeId: string) => setListingHidden(bikeId, { hidden: false }),
    onSuccess: () => {
      refreshAfterModeration();
      toast.success("Listing shown again");
    },
    onError: (error) => toast.error(`Could not show the listing. ${errorMessage(error)}`),
  });
}

export const deleteListingFailed = (error: unknown) =>
  `Could not delete the listing. ${errorMessage(error)}`;

export function useDeleteListing() {
  return useMutation({
    mutationFn: (bike: { id: string }) => deleteListing(bike.id),
    onSuccess: () => {
      refreshAfterModeration();
      toast.success("Listing deleted");
    },
  });
}
