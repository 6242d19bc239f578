import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import {
  type BikeDetail,
  type BikeInput,
  type BikeUpdateInput,
  bikeInputSchema,
} from "#src/shared/schemas/bikes";
import { api } from "../../lib/api-client";
import type { ListedBike } from "../../lib/bike-cache";
import { useFormFailures } from "../../lib/field-errors";
import { queryClient } from "../../lib/query-client";
import { queryKeys } from "../../lib/query-keys";
import { toast } from "../../lib/toast";
import { type BikePhotos, type BikeValues, bikeFieldNames } from "./components/bike-form-fields";
import { useSyncPhotos } from "./use-sync-photos";

function updateBike(bikeId: string, input: BikeUpdateInput): Promise<ListedBike> {
  return api<ListedBike>(`/api/bikes/${encodeURIComponent(bikeId)}`, {
    method: "PATCH",
    body: input,
  });
}

/** The edit form of the seller's own bike: the add form's rules, sent as PATCH. */
export function useEditProduct(bike: BikeDetail, photos: BikePhotos) {
  const navigate = useNavigate();
  const hasPhotos = bike.photos.length > 0;
  const form = useForm<BikeInput, unknown, BikeValues>({
    resolver: zodResolver(bikeInputSchema),
    defaultValues: {
      title: bike.title,
      phone: bike.phone ?? "",
      location: bike.location,
      // With photos the cover is the picture; the link field is for replacing them with a link.
      imageUrl: hasPhotos ? "" : bike.imageUrl,
      name: bike.name,
      categoryId: bike.categoryId,
      description: bike.description ?? "",
      yearsOfUse: bike.yearsOfUse,
      originalPrice: bike.originalPrice,
      resalePrice: bike.resalePrice,
      // A listing made before the details has none: the form asks for them.
      modelYear: bike.modelYear ?? undefined,
      mileageKm: bike.mileageKm ?? undefined,
      engineCc: bike.engineCc ?? undefined,
      condition: bike.condition ?? undefined,
      papersUpToDate: bike.papersUpToDate ?? undefined,
      photos: hasPhotos ? bike.photos.map((photo) => photo.id) : undefined,
    },
    shouldFocusError: false,
  });
  const failures = useFormFailures(form, bikeFieldNames);
  useSyncPhotos(form, photos.ids);

  const save = useMutation({
    mutationFn: (input: BikeUpdateInput) => updateBike(bike.id, input),
    onSuccess: () => {
      toast.success("Changes saved");
      void queryClient.invalidateQueries({ queryKey: queryKeys.bikes });
      navigate("/dashboard/MyProduct");
    },
    onError: failures.onServerError,
  });

  const submit = failures.handleSubmit(({ photos: ids, imageUrl, ...rest }) => {
    // Photos win over a link; a link alone makes it a link-only listing (docs/api.md PATCH).
    save.mutate(ids ? { ...rest, photos: ids } : { ...rest, imageUrl });
  });

  return { form, submit, pending: save.isPending, summary: failures.summary };
}
