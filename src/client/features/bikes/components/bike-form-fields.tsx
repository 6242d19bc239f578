import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import type { BikeInput, bikeInputSchema } from "../../../../shared/schemas/bikes";
import { SelectField, TextField } from "../../../components/form-field";
import { ReadOnlyField } from "../../../components/read-only-field";
import { TextAreaField } from "../../../components/text-area-field";
import { PhotoPicker } from "../../uploads/components/photo-picker";
import type { PhotoList } from "../../uploads/use-photo-list";

export type BikeValues = z.output<typeof bikeInputSchema>;

interface BikeFormFieldsProps {
  form: UseFormReturn<BikeInput, unknown, BikeValues>;
  photos: PhotoList;
  email: string;
  sellerName: string;
  categories: { value: string; label: string }[];
}

/**
 * The seed's fields in the seed's order, with PRODUCT.md §7's changes: no
 * unused Price, Title and Years of use added, Email and seller Name read-only
 * (the server takes both from the session). Shared by Add product and Edit.
 */
export function BikeFormFields({
  form,
  photos,
  email,
  sellerName,
  categories,
}: BikeFormFieldsProps) {
  const { errors } = form.formState;
  const number = { valueAsNumber: true } as const;
  return (
    <>
      <TextField
        label="Title"
        placeholder="e.g. Suzuki Gixxer SF, one owner"
        registration={form.register("title")}
        error={errors.title?.message}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          registration={form.register("phone")}
          error={errors.phone?.message}
        />
        <TextField
          label="Location"
          autoComplete="address-level2"
          registration={form.register("location")}
          error={errors.location?.message}
        />
        <ReadOnlyField label="Email" value={email} />
        <TextField
          label="Resale price"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          registration={form.register("resalePrice", number)}
          error={errors.resalePrice?.message}
        />
        <TextField
          label="Original price"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          registration={form.register("originalPrice", number)}
          error={errors.originalPrice?.message}
        />
        <ReadOnlyField label="Name" value={sellerName} hint="Buyers see this as the seller." />
      </div>
      <PhotoPicker list={photos} error={errors.photos?.message} />
      <TextField
        label="Image link"
        type="url"
        inputMode="url"
        placeholder="https://"
        hint="Or, instead of photos, a link to one starting with https://"
        registration={form.register("imageUrl")}
        error={errors.imageUrl?.message}
      />
      <div className="grid gap-4 md:grid-cols-3">
        <TextField
          label="Bike Name"
          placeholder="e.g. Gixxer SF"
          registration={form.register("name")}
          error={errors.name?.message}
        />
        <TextField
          label="Years of use"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          registration={form.register("yearsOfUse", number)}
          error={errors.yearsOfUse?.message}
        />
        <SelectField
          label="Category"
          placeholder="Select category"
          options={categories}
          registration={form.register("categoryId")}
          error={errors.categoryId?.message}
        />
      </div>
      <TextAreaField
        label="Description"
        hint="Optional: condition, service history, extras."
        registration={form.register("description")}
        error={errors.description?.message}
      />
    </>
  );
}
