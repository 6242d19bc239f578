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
import {
  bikeConditions,
  conditionLabels,
  MIN_ENGINE_CC,
  MIN_MODEL_YEAR,
  maxModelYear,
} from "#src/shared/schemas/listing-details";
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
  "modelYear",
  "mileageKm",
  "engineCc",
  "condition",
  "papersUpToDate",
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
  const bind = <N extends BikeFieldName>(name: N, options?: RegisterOptions<BikeInput, N>) =>
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
      <fieldset className="grid gap-4 md:grid-cols-3">
        <legend className="mb-2 font-semibold">The bike's details</legend>
        <TextField
          label="Model year"
          {...whole}
          min={MIN_MODEL_YEAR}
          placeholder={`e.g. ${maxModelYear() - 3}`}
          {...bind("modelYear", number)}
        />
        <TextField
          label="Mileage (km)"
          {...whole}
          min={0}
          hint="As the odometer shows it"
          {...bind("mileageKm", number)}
        />
        <TextField
          label="Engine (cc)"
          {...whole}
          min={MIN_ENGINE_CC}
          placeholder="e.g. 155"
          {...bind("engineCc", number)}
        />
        <SelectField
          label="Condition"
          placeholder="Select condition"
          options={bikeConditions.map((condition) => ({
            value: condition,
            label: conditionLabels[condition],
          }))}
          {...bind("condition")}
        />
        <SelectField
          label="Papers up to date"
          placeholder="Select yes or no"
          hint="Registration, tax and insurance"
          options={[
            { value: "true", label: "Yes" },
            { value: "false", label: "No" },
          ]}
          {...bind("papersUpToDate", {
            // The select speaks in strings; the rule (and the server) in true or false.
            setValueAs: (value: unknown) =>
              value === "true" || value === true
                ? true
                : value === "false" || value === false
                  ? false
                  : undefined,
          })}
        />
      </fieldset>
      <TextAreaField
        label="Description"
        hint="Optional: condition, service history, extras."
        {...bind("description")}
      />
    </>
  );
}
