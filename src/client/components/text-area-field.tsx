import type { UseFormRegisterReturn } from "react-hook-form";
import { FieldShell } from "./form-field";

export function TextAreaField({
  label,
  registration,
  error,
  hint,
  rows = 4,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
  rows?: number;
}) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          rows={rows}
          className={`textarea w-full ${invalid ? "textarea-error" : ""}`}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          {...registration}
        />
      )}
    </FieldShell>
  );
}
