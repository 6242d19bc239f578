import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { DeleteButton } from "#src/client/components/delete-button";
import { EmptyState, ErrorState, LoadingState } from "#src/client/components/query-states";
import { TimeAgo } from "#src/client/components/time-ago";
import { errorMessage } from "#src/client/lib/api-client";
import { queryKeys } from "#src/client/lib/query-keys";
import type { SavedSearch } from "#src/shared/saved-searches";
import { deleteSavedSearch, savedSearchesQuery } from "../api";
import { describeQuery, searchLink } from "../describe-query";

interface SavedSearchListProps {
  /** A category's name by its id, for the filters in words. */
  categoryName: (id: string) => string | undefined;
}

/** The user's saved searches, newest first: what each looks for, its matches, run, delete. */
export function SavedSearchList({ categoryName }: SavedSearchListProps) {
  const client = useQueryClient();
  const searches = useQuery(savedSearchesQuery);
  const deletion = useMutation({
    mutationFn: (search: SavedSearch) => deleteSavedSearch(search.id),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.savedSearches }),
  });
  if (searches.isPending) return <LoadingState label="Loading your saved searches..." />;
  if (searches.isError) return <ErrorState what="your saved searches" query={searches} />;
  if (searches.data.length === 0) {
    return (
      <EmptyState title="You have no saved searches.">
        <p>Search for a bike, then press 'Save this search' to hear when a match is listed.</p>
        <Link to="/bikes" className="btn btn-primary mt-4">
          Search bikes
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul className="mt-6 flex flex-col gap-4">
      {searches.data.map((search) => {
        const summary = describeQuery(search.query, categoryName);
        const title = search.name ?? summary;
        return (
          <li key={search.id} className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body gap-2 p-4 sm:p-5">
              <h3 className="card-title break-words text-lg">{title}</h3>
              {search.name ? <p className="break-words text-base-content/80">{summary}</p> : null}
              <p className="text-sm">
                {search.matchCount === 0 ? (
                  "No new matches yet."
                ) : (
                  <>
                    <span className="badge badge-success badge-soft mr-2 font-semibold">
                      {search.matchCount} {search.matchCount === 1 ? "new match" : "new matches"}
                    </span>
                    {search.lastMatchedAt ? (
                      <TimeAgo iso={search.lastMatchedAt} prefix="the latest" />
                    ) : null}
                  </>
                )}
              </p>
              <p className="text-sm text-base-content/75">
                <TimeAgo iso={search.createdAt} prefix="Saved" />
              </p>
              <div className="card-actions mt-2 flex-wrap items-center">
                <Link
                  to={searchLink(search.query)}
                  className="btn btn-primary btn-sm"
                  aria-label={`Run search: ${title}`}
                >
                  Run search
                </Link>
                <DeleteButton
                  item={search}
                  deletion={deletion}
                  label="Delete"
                  disabled={deletion.isPending}
                  title={`Delete “${title}”?`}
                  message="You will no longer be told about bikes that match it."
                  confirmLabel="Delete search"
                  failed={(error) => `Could not delete this search. ${errorMessage(error)}`}
                />
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
