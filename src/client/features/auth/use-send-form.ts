import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import { useFormFailures } from "#src/client/lib/field-errors";

type Schema<TInput, TOutput> = z.ZodType<TOutput, TInput>;

export interface SendFormOptions<TInput extends FieldValues, TOutput> {
  /**
   * The server's schema, so both sides agree on every message; or a loader of
   * it (`() => import(…).then(…)`), so zod (a fifth of the page's JavaScript,
   * and tens of milliseconds of a phone's main thread to start) is fetched
   * and run once someone uses the page rather than while it hydrates.
   */
  schema: Schema<TInput, TOutput> | (() => Promise<Schema<TInput, TOutput>>);
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
  const [resolver] = useState(() => lazyResolver(schema));
  // The first focus or tap anywhere starts loading the checks; a submit before then waits for them.
  useEffect(() => {
    const start = () => void resolver.load();
    const events = ["focusin", "pointerdown"] as const;
    for (const event of events) document.addEventListener(event, start, { once: true });
    return () => {
      for (const event of events) document.removeEventListener(event, start);
    };
  }, [resolver]);
  const form = useForm<TInput, unknown, TOutput>({
    resolver: resolver.resolve,
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

/** zod's resolver for the schema, with zod and the schema loaded on first use (or `load()`). */
function lazyResolver<TInput extends FieldValues, TOutput>(
  schema: SendFormOptions<TInput, TOutput>["schema"],
) {
  let loading: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const load = () => {
    loading ??= Promise.all([
      import("@hookform/resolvers/zod"),
      typeof schema === "function" ? schema() : schema,
    ]).then(([{ zodResolver }, loaded]) => zodResolver(loaded));
    return loading;
  };
  const resolve: Resolver<TInput, unknown, TOutput> = async (values, context, options) =>
    (await load())(values, context, options);
  return { load, resolve };
}
