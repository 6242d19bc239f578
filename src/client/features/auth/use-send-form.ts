import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { type DefaultValues, type FieldValues, type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { useFormFailures } from "#src/client/lib/field-errors";

export interface SendFormOptions<TInput extends FieldValues, TOutput> {
  /** The server's schema, so both sides agree on every message. */
  schema: z.ZodType<TOutput, TInput>;
  defaultValues: DefaultValues<TInput>;
  /** In the order they show, which is the order the error summary lists them in. */
  fields: readonly Path<TInput>[];
  send: (input: TOutput) => Promise<unknown>;
  onSent?: () => void | Promise<void>;
}

/** A form that checks, sends once, and says every failure beside its field or in the summary. */
export function useSendForm<TInput extends FieldValues, TOutput>({
  schema,
  defaultValues,
  fields,
  send,
  onSent,
}: SendFormOptions<TInput, TOutput>) {
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(schema),
    defaultValues,
    shouldFocusError: false,
  });
  const failures = useFormFailures(form, fields);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: onSent,
    onError: failures.onServerError,
  });
  return {
    form,
    summary: failures.summary,
    submit: failures.handleSubmit((input) => mutation.mutate(input)),
    pending: mutation.isPending,
    sent: mutation.isSuccess,
  };
}
