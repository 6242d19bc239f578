import type { ReactNode } from "react";
import type { Path, RegisterOptions, UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import {
  ReadOnlyField,
  SelectField,
  TextAreaField,
  TextField,
} from "#src/client/components/form-field";
import { bindField } from "#src/client/lib/field-errors";
import { type BikeInput, type bikeInputSchema, IMAGE_LINK_RULE } from "#src/shared/schemas/bikes";
import type { Category } from "#src/shared/schemas/categories";
import type { User } from "#src/shared/schemas/users";

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

/** The photos chosen beside a bike form; the route brings them and their picker (uploads). */
export interface BikePhotos {
  /** The uploaded photos' ids, the cover first. */
  ids: string[];
  uploading: boolean;
  reset: () => void;
}

/** Renders the photo picker, given the form's message about the photos. */
export type RenderPhotoPicker = (error: string | undefined) => ReactNode;

interface BikeFormFieldsProps {
  form: UseFormReturn<BikeInput, unknown, BikeValues>;
  photoPicker: RenderPhotoPicker;
  user: User;
  categories: Category[];
}

/**
 * The seed's fields in the seed's order, with PRODUCT.md §7's changes: no
 * unused Price, Title and Years of use added, Email and seller Name read-only
 * (the server takes both from the session). Shared by Add product and Edit.
 */
export function BikeFormFields({ form, photoPicker, user, categories }: BikeFormFieldsProps) {
  const { errors } = form.formState;
  const bind = (name: BikeFieldName, options?: RegisterOptions<BikeInput, BikeFieldName>) =>
    bindField(form, name, options);
  const number = { valueAsNumber: true } as const;
  const whole = { type: "number", inputMode: "numeric", step: 1 } as const;
  const [resale, original] = form.watch(["resalePrice", "originalPrice"]);
  // Allowed (a classic can gain value) but more often a slip of the keyboard: say so, don't refuse.
  const aboveOriginal =
    Number.isFinite(resale) && Number.isFinite(original) && Number(resale) > Number(original);
  return (
    <>
      <TextField label="Title" placeholder="e.g. Suzuki Gixxer SF, one owner" {...bind("title")} />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label="Phone Number" type="tel" autoComplete="tel" {...bind("phone")} />
        <TextField label="Location" autoComplete="address-level2" {...bind("location")} />
        <ReadOnlyField label="Email" value={user.email} />
        <TextField
          label="Resale price"
          {...whole}
          min={1}
          hint={aboveOriginal ? "Above the original price: is that right?" : undefined}
          {...bind("resalePrice", number)}
        />
        <TextField label="Original price" {...whole} min={1} {...bind("originalPrice", number)} />
        <ReadOnlyField label="Name" value={user.name} hint="Buyers see this as the seller." />
      </div>
      {photoPicker(errors.photos?.message)}
      <TextField
        label="Image link"
        type="url"
        inputMode="url"
        placeholder="https://"
        hint={`Or, instead of photos, a link to one ${IMAGE_LINK_RULE}`}
        {...bind("imageUrl")}
      />
      <div className="grid gap-4 md:grid-cols-3">
        <TextField label="Bike Name" placeholder="e.g. Gixxer SF" {...bind("name")} />
        <TextField label="Years of use" {...whole} min={0} {...bind("yearsOfUse", number)} />
        <SelectField
          label="Category"
          placeholder="Select category"
          options={categories.map((category) => ({ value: category.id, label: category.name }))}
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
