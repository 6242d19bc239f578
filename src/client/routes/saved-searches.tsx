import { useQuery } from "@tanstack/react-query";
import { PageHeading } from "../components/page-heading";
import { categoriesQuery } from "../features/categories/api";
import { SavedSearchList } from "../features/saved-searches/components/saved-search-list";
import { usePageTitle } from "../lib/page-title";

/** /dashboard/saved-searches */
export function Component() {
  usePageTitle("Saved searches");
  const categories = useQuery(categoriesQuery);
  const categoryName = (id: string) =>
    categories.data?.find((category) => category.id === id)?.name;
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <PageHeading>Saved searches</PageHeading>
      <p className="mt-2 text-base-content/80">
        When a bike that matches one of these is listed, or becomes available again, you get a
        notification (and at most one e-mail a day per search).
      </p>
      <SavedSearchList categoryName={categoryName} />
    </section>
  );
}
