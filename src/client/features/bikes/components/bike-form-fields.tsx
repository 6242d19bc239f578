import type { Path, RegisterOptions, UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import {
  ReadOnlyField,
  SelectField,
  TextAreaField,
  TextField,
} from "#src/client/components/form-field";
import type { BikeInput, bikeInputSchema } from "#src/shared/schemas/bikes";
import { PhotoPicker } from "../../uploads/components/photo-picker";
import type { PhotoList } from "../../uploads/use-photo-list";

export type BikeValues = z.output<typeof bikeInputSchema>;

/** The fields in the order they show, which is the order the error summary lists them in. */
export const bikeFieldNames = [
  "title",
  "phone",
  "location",
  "resalePrice",
  "originalPrice",
  "photos",
  "imageUrl",
  "name",
  "yearsOfUse",
  "categoryId",
  "description",
] as const satisfies readonly Path<BikeInput>[];

type BikeFieldName = (typeof bikeFieldNames)[number];

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
  // A field's registration and its message, the two things every field here takes.
  const bind = (name: BikeFieldName, options?: RegisterOptions<BikeInput, BikeFieldName>) => ({
    registration: form.register(name, options),
    error: errors[name]?.message,
  });
  const number = { valueAsNumber: true } as const;
  const whole = { type: "number", inputMode: "numeric", step: 1 } as const;
  return (
    <>
      <TextField label="Title" placeholder="e.g. Suzuki Gixxer SF, one owner" {...bind("title")} />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label="Phone Number" type="tel" autoComplete="tel" {...bind("phone")} />
        <TextField label="Location" autoComplete="address-level2" {...bind("location")} />
        <ReadOnlyField label="Email" value={email} />
        <TextField label="Resale price" {...whole} min={1} {...bind("resalePrice", number)} />
        <TextField label="Original price" {...whole} min={1} {...bind("originalPrice", number)} />
        <ReadOnlyField label="Name" value={sellerName} hint="Buyers see this as the seller." />
      </div>
      <PhotoPicker list={photos} error={errors.photos?.message} />
      <TextField
        label="Image link"
        type="url"
        inputMode="url"
        placeholder="https://"
        hint="Or, instead of photos, a link to one starting with https://"
        {...bind("imageUrl")}
      />
      <div className="grid gap-4 md:grid-cols-3">
        <TextField label="Bike Name" placeholder="e.g. Gixxer SF" {...bind("name")} />
        <TextField label="Years of use" {...whole} min={0} {...bind("yearsOfUse", number)} />
        <SelectField
          label="Category"
          placeholder="Select category"
          options={categories}
          {...bind("categoryId")}
        />
      </div>
      <TextAreaField
        label="Description"
        hint="Optional: condition, service history, extras."
        {...bind("description")}
      />
    </>
  );
}
