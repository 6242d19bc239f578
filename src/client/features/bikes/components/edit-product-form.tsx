import { Link } from "react-router";
import { FormWithSummary } from "#src/client/components/error-summary";
import { SubmitButton } from "#src/client/components/form-field";
import type { BikeDetail } from "#src/shared/schemas/bikes";
import type { Category } from "#src/shared/schemas/categories";
import type { User } from "#src/shared/schemas/users";
import { useEditProduct } from "../use-edit-product";
import { BikeFormFields, type BikePhotos, type RenderPhotoPicker } from "./bike-form-fields";

interface EditProductFormProps {
  bike: BikeDetail;
  user: User;
  categories: Category[];
  photos: BikePhotos;
  photoPicker: RenderPhotoPicker;
}

/** Edit one of the seller's bikes: the add form's fields, prefilled, with its photos. */
export function EditProductForm({
  bike,
  user,
  categories,
  photos,
  photoPicker,
}: EditProductFormProps) {
  const { form, submit, pending, summary } = useEditProduct(bike, photos);
  return (
    <FormWithSummary summary={summary} onSubmit={submit} className="flex flex-col gap-4">
      <BikeFormFields form={form} photoPicker={photoPicker} user={user} categories={categories} />
      {/* Stacked on a phone: the full-width submit button leaves no room beside it. */}
      <div className="grid gap-2 sm:grid-cols-[1fr_auto]">
        <SubmitButton pending={pending || photos.uploading}>Save changes</SubmitButton>
        <Link to="/dashboard/MyProduct" className="btn btn-ghost">
          Cancel
        </Link>
      </div>
    </FormWithSummary>
  );
}
