import { useState } from "react";
import {
  type FieldValues,
  get,
  type Path,
  type RegisterOptions,
  type UseFormReturn,
  type UseFormSetError,
} from "react-hook-form";
import type { FieldErrors } from "../../shared/errors";
import { errorMessage, isApiError } from "./api-client";

/**
 * Puts the server's per-field messages beside the fields they name.
 * Returns true when some message had no field to sit beside, so the caller
 * also shows the general message and no failure goes unsaid.
 */
export function applyFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: FieldErrors | undefined,
  known: readonly Path<T>[],
): boolean {
  const entries = Object.entries(fields ?? {});
  let unplaced = entries.length === 0;
  for (const [name, message] of entries) {
    const field = known.find((candidate) => candidate === name);
    // The error summary takes focus and links here; the field itself does not jump.
    if (field) setError(field, { type: "server", message }, { shouldFocus: false });
    else unplaced = true;
  }
  return unplaced;
}

/** One line of a form's error summary: `name` links it to its field. */
export interface SummaryItem {
  name?: string;
  message: string;
}

export interface FormSummary {
  items: SummaryItem[];
  /** Counts failed submits, so the summary takes focus again after each one. */
  failures: number;
}

/** The message react-hook-form holds for a field (an array field keeps it on `root`). */
function messageAt(errors: object, name: string): string | undefined {
  const error: unknown = get(errors, name);
  if (typeof error !== "object" || error === null) return undefined;
  if ("message" in error && typeof error.message === "string" && error.message) {
    return error.message;
  }
  if ("root" in error) return messageAt(error, "root");
  return undefined;
}

/** A field's registration and its message: what TextField and SelectField take from a form. */
export function bindField<TValues extends FieldValues, TOutput, TName extends Path<TValues>>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  name: TName,
  options?: RegisterOptions<TValues, TName>,
) {
  return {
    registration: form.register(name, options),
    error: messageAt(form.formState.errors, name),
  };
}

/**
 * The submit and failure handling every form shares: client checks and the
 * server's response end in the same place, the field errors beside their
 * fields plus a summary at the top that lists them in the form's order. A
 * failure no field can hold (wrong password, network down) is said in the
 * summary too, never only in a toast.
 */
export function useFormFailures<TValues extends FieldValues, TOutput>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  fields: readonly Path<TValues>[],
) {
  const [formError, setFormError] = useState<string | null>(null);
  const [failures, setFailures] = useState(0);
  const failed = () => setFailures((count) => count + 1);

  const items: SummaryItem[] = formError ? [{ message: formError }] : [];
  for (const name of fields) {
    const message = messageAt(form.formState.errors, name);
    if (message) items.push({ name, message });
  }

  return {
    summary: { items, failures } satisfies FormSummary,
    /** handleSubmit that clears the last general error and counts a refused submit. */
    handleSubmit: (onValid: (values: TOutput) => void) =>
      form.handleSubmit((values) => {
        setFormError(null);
        onValid(values);
      }, failed),
    /** For a mutation's onError: field messages beside their fields, the rest in the summary. */
    onServerError: (error: unknown) => {
      const unplaced = isApiError(error)
        ? applyFieldErrors(form.setError, error.fields, fields)
        : true;
      setFormError(unplaced ? errorMessage(error) : null);
      failed();
    },
    /** Says a failure that belongs to no field (e.g. the bike was booked meanwhile). */
    setFormError,
  };
}
