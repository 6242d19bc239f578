import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { type BikeInput, bikeInputSchema } from "../../../shared/schemas/bikes";
import { errorMessage, isApiError } from "../../lib/api-client";
import { applyFieldErrors } from "../../lib/field-errors";
import { queryClient } from "../../lib/query-client";
import { queryKeys } from "../../lib/query-keys";
import { toast } from "../../lib/toast";
import { createBike } from "./api";

type BikeValues = z.output<typeof bikeInputSchema>;

const fieldNames = [
  "title",
  "phone",
  "location",
  "resalePrice",
  "originalPrice",
  "imageUrl",
  "name",
  "yearsOfUse",
  "categoryId",
  "description",
] as const;

/** The add product form's state: the shared schema on both sides, server errors beside fields. */
export function useAddProduct() {
  const [formError, setFormError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
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
  });

  const add = useMutation({
    mutationFn: createBike,
    onSuccess: (bike) => {
      form.reset();
      setAdded(bike.title);
      toast.success("Add product done");
      void queryClient.invalidateQueries({ queryKey: queryKeys.bikes });
      void queryClient.invalidateQueries({ queryKey: queryKeys.categories });
    },
    onError: (error) => {
      const unplaced = isApiError(error)
        ? applyFieldErrors(form.setError, error.fields, fieldNames)
        : true;
      setFormError(unplaced ? errorMessage(error) : null);
    },
  });

  const submit = form.handleSubmit((input) => {
    setFormError(null);
    setAdded(null);
    add.mutate(input);
  });

  return { form, submit, pending: add.isPending, formError, added };
}
