import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { ComingSoon } from "../components/coming-soon";
import { RouteLoading } from "../components/route-loading";
import { categoriesQuery } from "../features/categories/api";
import { errorMessage } from "../lib/api-client";
import { usePageTitle } from "../lib/page-title";
import { queryClient } from "../lib/query-client";

export function loader() {
  void queryClient.prefetchQuery(categoriesQuery);
  return null;
}

/** /title/:id — the bikes of one brand (the list itself arrives in the next release). */
export function Component() {
  const { id } = useParams();
  const categories = useQuery(categoriesQuery);
  const category = categories.data?.find((candidate) => candidate.id === id);
  usePageTitle(category?.name ?? "Category");

  if (categories.isPending) return <RouteLoading label="Loading category..." />;
  if (categories.isError) {
    return (
      <div role="alert" className="mx-auto max-w-md p-8 text-center">
        <p>Could not load this category. {errorMessage(categories.error)}</p>
        <button type="button" className="btn btn-primary mt-4" onClick={() => categories.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!category) {
    return (
      <section className="mx-auto max-w-xl px-6 py-16 text-center">
        <h1 className="text-3xl font-bold">Category not found</h1>
        <p className="mt-3 text-base-content/80">There is no brand with this address.</p>
        <Link to="/" className="btn btn-primary mt-6">
          Go To Home page
        </Link>
      </section>
    );
  }
  return <ComingSoon title={category.name} />;
}
