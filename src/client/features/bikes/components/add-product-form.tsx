import { FormWithSummary } from "#src/client/components/error-summary";
import { SubmitButton } from "#src/client/components/form-field";
import type { Category } from "#src/shared/schemas/categories";
import type { User } from "#src/shared/schemas/users";
import { useAddProduct } from "../use-add-product";
import { BikeFormFields, type BikePhotos, type RenderPhotoPicker } from "./bike-form-fields";

interface AddProductFormProps {
  user: User;
  categories: Category[];
  photos: BikePhotos;
  photoPicker: RenderPhotoPicker;
}

/** Add product: the listing's fields and its photos; submitting opens the new listing. */
export function AddProductForm({ user, categories, photos, photoPicker }: AddProductFormProps) {
  const { form, submit, pending, summary } = useAddProduct(photos);

  return (
    <FormWithSummary summary={summary} onSubmit={submit} className="flex flex-col gap-4">
      <BikeFormFields form={form} photoPicker={photoPicker} user={user} categories={categories} />
      <SubmitButton pending={pending || photos.uploading}>submit</SubmitButton>
    </FormWithSummary>
  );
}
