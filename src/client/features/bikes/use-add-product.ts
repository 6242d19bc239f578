import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { type BikeInput, bikeInputSchema } from "#src/shared/schemas/bikes";
import { useFormFailures } from "../../lib/field-errors";
import { queryClient } from "../../lib/query-client";
import { queryKeys } from "../../lib/query-keys";
import { toast } from "../../lib/toast";
import { type BikePhotos, type BikeValues, bikeFieldNames } from "./components/bike-form-fields";
import { createBike } from "./seller-api";
import { useSyncPhotos } from "./use-sync-photos";

/**
 * The add product form's state: the shared schema on both sides, server
 * errors beside fields. Once listed, the seller lands on the new listing,
 * as buyers will see it, rather than on an emptied form.
 */
export function useAddProduct(photos: BikePhotos) {
  const navigate = useNavigate();
  const form = useForm<BikeInput, unknown, BikeValues>({
    resolver: zodResolver(bikeInputSchema),
    defaultValues: {
      title: "",
      phone: "",
      location: "",
      imageUrl: "",
      name: "",
      categoryId: "",
      description: "",
    },
    shouldFocusError: false,
  });

  const failures = useFormFailures(form, bikeFieldNames);
  useSyncPhotos(form, photos.ids);

  const add = useMutation({
    mutationFn: createBike,
    onSuccess: async (bike) => {
      toast.success("Add product done");
      void queryClient.invalidateQueries({ queryKey: queryKeys.bikes });
      void queryClient.invalidateQueries({ queryKey: queryKeys.categories });
      await navigate(`/bikes/${bike.id}`);
    },
    onError: failures.onServerError,
  });

  const submit = failures.handleSubmit((input) => add.mutate(input));

  return { form, submit, pending: add.isPending, summary: failures.summary };
}
