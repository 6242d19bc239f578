import { useQuery } from "@tanstack/react-query";
import type { ComponentProps } from "react";
import type { LoaderFunctionArgs } from "react-router";
import { useParams } from "react-router";
import { PageHeading } from "../components/page-heading";
import { ErrorState, LoadingState } from "../components/query-states";
import { EditProductForm } from "../features/bikes/components/edit-product-form";
import { bikeDetailQuery } from "../features/bookings/api";
import { categoriesQuery } from "../features/categories/api";
import { PhotoPicker } from "../features/uploads/components/photo-picker";
import { usePhotoList } from "../features/uploads/use-photo-list";
import { usePageTitle } from "../lib/page-title";
import { queryClient } from "../lib/query-client";
import { useMe } from "../lib/session";

export function loader({ params }: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(categoriesQuery);
  if (params.id) void queryClient.prefetchQuery(bikeDetailQuery(params.id));
  return null;
}

/** /dashboard/MyProduct/:id/edit (sellers only; the server refuses anyone else's bike). */
export function Component() {
  usePageTitle("Edit product");
  const { id = "" } = useParams();
  const { data: user } = useMe();
  // The form is filled once from what was loaded; refetching would not refill it.
  const bike = useQuery({ ...bikeDetailQuery(id), refetchOnWindowFocus: false });
  const categories = useQuery(categoriesQuery);
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <PageHeading>Edit product</PageHeading>
      {bike.isPending || categories.isPending ? (
        <LoadingState label="Loading the bike..." />
      ) : bike.isError ? (
        <ErrorState what="the bike" query={bike} />
      ) : categories.isError ? (
        <ErrorState what="the categories" query={categories} />
      ) : user && bike.data.seller.id !== user.id ? (
        <p role="alert" className="mt-4">
          You can only edit your own bikes.
        </p>
      ) : user ? (
        <div className="card mt-6 border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body">
            <EditWithPhotos
              key={bike.data.id}
              bike={bike.data}
              user={user}
              categories={categories.data}
            />
          </div>
        </div>
      ) : null}
    </section>
  );
}

type EditWithPhotosProps = Omit<ComponentProps<typeof EditProductForm>, "photos" | "photoPicker">;

/** The form with the bike's photos, which exist only once the bike has loaded. */
function EditWithPhotos(props: EditWithPhotosProps) {
  const photos = usePhotoList(props.bike.photos);
  return (
    <EditProductForm
      {...props}
      photos={photos}
      photoPicker={(error) => <PhotoPicker list={photos} error={error} />}
    />
  );
}
