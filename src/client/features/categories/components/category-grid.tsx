import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "#src/client/lib/api-client";
import { categoriesQuery } from "../api";
import { CategoryCard } from "./category-card";

/** The brands on the home page, with loading and failure said in words. */
export function CategoryGrid() {
  const categories = useQuery(categoriesQuery);

  if (categories.isPending) {
    return (
      <div role="status" className="flex items-center gap-3 py-10 text-base-content/80">
        <span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
        Loading categories...
      </div>
    );
  }
  if (categories.isError) {
    return (
      <div role="alert" className="alert alert-error alert-soft flex-wrap">
        <span>Could not load the categories. {errorMessage(categories.error)}</span>
        <button
          type="button"
          className="btn btn-sm"
          disabled={categories.isFetching}
          onClick={() => categories.refetch()}
        >
          {categories.isFetching ? "Retrying..." : "Try again"}
        </button>
      </div>
    );
  }
  if (categories.data.length === 0) {
    return <p className="py-10 text-base-content/80">No categories yet.</p>;
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {categories.data.map((category) => (
        <li key={category.id}>
          <CategoryCard category={category} />
        </li>
      ))}
    </ul>
  );
}
