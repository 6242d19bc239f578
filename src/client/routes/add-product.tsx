import { useQuery } from "@tanstack/react-query";
import { PageHeading } from "../components/page-heading";
import { ErrorState, LoadingState } from "../components/query-states";
import { AddProductForm } from "../features/bikes/components/add-product-form";
import { categoriesQuery } from "../features/categories/api";
import { PhotoPicker } from "../features/uploads/components/photo-picker";
import { usePhotoList } from "../features/uploads/use-photo-list";
import { usePageTitle } from "../lib/page-title";
import { queryClient } from "../lib/query-client";
import { useMe } from "../lib/session";

export function loader() {
  void queryClient.prefetchQuery(categoriesQuery);
  return null;
}

/** /addProduct and /dashboard/addProduct (sellers only, by the route's role guard). */
export function Component() {
  usePageTitle("Add product");
  const { data: user } = useMe();
  const categories = useQuery(categoriesQuery);
  const photos = usePhotoList();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <PageHeading>Add product</PageHeading>
      <p className="mt-2 mb-6 text-base-content/80">
        List a bike for sale. Buyers see everything but your phone number, which goes only to the
        buyer whose booking you accept.
      </p>
      {categories.isPending ? (
        <LoadingState label="Loading categories..." />
      ) : categories.isError ? (
        <ErrorState what="the categories" query={categories} />
      ) : user ? (
        <div className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body">
            <AddProductForm
              user={user}
              categories={categories.data}
              photos={photos}
              photoPicker={(error) => <PhotoPicker list={photos} error={error} />}
            />
          </div>
        </div>
      ) : null}
    </section>
  );
}
