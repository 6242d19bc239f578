import { useInfiniteQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { LoadMore } from "#src/client/components/load-more";
import { EmptyState, ErrorState, LoadingState } from "#src/client/components/query-states";
import { reportsQuery } from "../api";
import { ReportCard } from "./report-card";

const tabs = [
  { status: "open", label: "Open" },
  { status: "closed", label: "Closed" },
] as const;

/** The Reports page: open reports oldest first, and those already dealt with. */
export function ReportsQueue() {
  const [status, setStatus] = useState<"open" | "closed">("open");
  const reports = useInfiniteQuery(reportsQuery(status));
  const list = useRef<HTMLUListElement>(null);
  return (
    <div className="mt-6">
      <fieldset className="join">
        <legend className="sr-only">Which reports</legend>
        {tabs.map((tab) => (
          <button
            key={tab.status}
            type="button"
            aria-pressed={status === tab.status}
            className={`btn join-item btn-sm ${status === tab.status ? "btn-primary" : "btn-outline"}`}
            onClick={() => setStatus(tab.status)}
          >
            {tab.label}
          </button>
        ))}
      </fieldset>
      <div className="mt-4">
        {reports.isPending ? (
          <LoadingState label="Loading reports..." />
        ) : reports.isError ? (
          <ErrorState what="the reports" query={reports} />
        ) : reports.data.pages[0]?.items.length === 0 ? (
          <EmptyState title={status === "open" ? "No open reports." : "No closed reports yet."} />
        ) : (
          <>
            <ul ref={list} className="grid gap-4">
              {reports.data.pages.flatMap((page) =>
                page.items.map((report) => (
                  <li key={report.id}>
                    <ReportCard report={report} />
                  </li>
                )),
              )}
            </ul>
            <LoadMore what="reports" pages={reports} list={list} />
          </>
        )}
      </div>
    </div>
  );
}
