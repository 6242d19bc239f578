import { useSearchParams } from "react-router";
import { type Filters, readFilters, toSearchParams } from "./search-params";

/**
 * The filters live in the URL only: a link shares the whole query, and back
 * and forward restore it. Applying pushes a new entry (back undoes a
 * filter); the cursor is never in the URL, so each change starts at page one.
 */
export function useUrlFilters(scope: "search" | "category") {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params, scope);
  const apply = (next: Filters) => setParams(toSearchParams(next));
  return { filters, apply, key: toSearchParams(filters).toString() };
}
