import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { FieldErrors } from "../../shared/errors";

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
    if (field) setError(field, { type: "server", message }, { shouldFocus: true });
    else unplaced = true;
  }
  return unplaced;
}
