import { useEffect } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { BikeInput } from "#src/shared/schemas/bikes";
import type { BikeValues } from "./components/bike-form-fields";

/**
 * Keeps the form's `photos` value equal to the uploaded ids, in order, so
 * the shared schema (a photo or a link) judges what will really be sent.
 * No photos is "not given", not an empty list, which the schema refuses.
 */
export function useSyncPhotos(form: UseFormReturn<BikeInput, unknown, BikeValues>, ids: string[]) {
  const { setValue, formState } = form;
  const submitted = formState.isSubmitted;
  useEffect(() => {
    setValue("photos", ids.length > 0 ? ids : undefined, { shouldValidate: submitted });
  }, [ids, setValue, submitted]);
}
