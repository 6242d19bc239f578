import { infiniteQueryOptions } from "@tanstack/react-query";
import type { BikeDetail } from "#src/shared/schemas/bikes";
import type { AdminAction, Report, ReportInput } from "#src/shared/schemas/moderation";
import { api } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

type Page<T> = { items: T[]; nextCursor: string | null };

const withCursor = (path: string, cursor: string | null) =>
  cursor ? `${path}${path.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}` : path;

export function reportListing(bikeId: string, input: ReportInput): Promise<{ id: string }> {
  return api(`/api/bikes/${encodeURIComponent(bikeId)}/reports`, { method: "POST", body: input });
}

export const reportsQuery = (status: "open" | "closed") =>
  infiniteQueryOptions({
    queryKey: queryKeys.reports(status),
    queryFn: ({ pageParam, signal }) =>
      api<Page<Report>>(withCursor(`/api/reports?status=${status}`, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Reports come in all the time: ask afresh on each visit.
    staleTime: 0,
  });

export function dismissReport(reportId: string): Promise<void> {
  return api<void>(`/api/reports/${encodeURIComponent(reportId)}`, {
    method: "PATCH",
    body: { action: "dismiss" },
  });
}

export function hideReportedListing(reportId: string, reason: string): Promise<void> {
  return api<void>(`/api/reports/${encodeURIComponent(reportId)}`, {
    method: "PATCH",
    body: { action: "hide_listing", reason },
  });
}

export function setListingHidden(
  bikeId: string,
  change: { hidden: true; reason: string } | { hidden: false },
): Promise<BikeDetail> {
  return api(`/api/bikes/${encodeURIComponent(bikeId)}`, { method: "PATCH", body: change });
}

export function deleteListing(bikeId: string): Promise<void> {
  return api<void>(`/api/bikes/${encodeURIComponent(bikeId)}`, { method: "DELETE" });
}

export const adminActionsQuery = infiniteQueryOptions({
  queryKey: queryKeys.adminActions,
  queryFn: ({ pageParam, signal }) =>
    api<Page<AdminAction>>(withCursor("/api/admin/actions", pageParam), { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  staleTime: 0,
});
