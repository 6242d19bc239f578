import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { type DefaultValues, type FieldValues, type Path, useForm } from "react-hook-form";
import { useLocation, useNavigate } from "react-router";
import type { z } from "zod";
import { useFormFailures } from "#src/client/lib/field-errors";
import { refreshMe } from "#src/client/lib/session";
import { toast } from "#src/client/lib/toast";
import { returnPath, returnState } from "./return-to";

interface AuthFormOptions<TInput extends FieldValues, TOutput> {
  /** The server's schema, so both sides agree on every message. */
  schema: z.ZodType<TOutput, TInput>;
  defaultValues: DefaultValues<TInput>;
  /** In the order they show, which is the order the error summary lists them in. */
  fields: readonly Path<TInput>[];
  send: (input: TOutput) => Promise<unknown>;
  /** The toast once the visitor is signed in. */
  done: string;
}

/**
 * Login and registration: check, send, read the new session, then go back to
 * where the visitor was heading. Failures sit beside their fields and in the
 * form's summary.
 */
export function useAuthForm<TInput extends FieldValues, TOutput>({
  schema,
  defaultValues,
  fields,
  send,
  done,
}: AuthFormOptions<TInput, TOutput>) {
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(schema),
    defaultValues,
    shouldFocusError: false,
  });
  const failures = useFormFailures(form, fields);

  const signIn = useMutation({
    mutationFn: async (input: TOutput) => {
      await send(input);
      await refreshMe();
    },
    onSuccess: async () => {
      toast.success(done);
      await navigate(returnPath(location.state), {
        replace: true,
        state: returnState(location.state),
      });
    },
    onError: failures.onServerError,
  });

  return {
    form,
    summary: failures.summary,
    submit: failures.handleSubmit((input) => signIn.mutate(input)),
    pending: signIn.isPending,
  };
}
