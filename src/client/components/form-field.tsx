import { type ReactNode, useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

interface FieldShellProps {
  label: string;
  error?: string;
  hint?: string;
  children: (props: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/**
 * A visible <label> tied to its control, and the field's error right under
 * it, announced through aria-describedby so screen readers read it too.
 */
export function FieldShell({ label, error, hint, children }: FieldShellProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className="text-sm text-base-content/75">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  type?: "text" | "email" | "password" | "tel" | "url" | "number";
  autoComplete?: string;
  placeholder?: string;
  inputMode?: "text" | "numeric" | "tel" | "url" | "email";
  min?: number;
  step?: number;
  error?: string;
  hint?: string;
}

export function TextField({ label, registration, error, hint, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className={`input w-full ${invalid ? "input-error" : ""}`}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          {...input}
          {...registration}
        />
      )}
    </FieldShell>
  );
}

interface SelectFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  placeholder: string;
  options: { value: string; label: string }[];
  error?: string;
}

/** A select whose disabled placeholder shows until a real choice is made. */
export function SelectField({
  label,
  registration,
  placeholder,
  options,
  error,
}: SelectFieldProps) {
  return (
    <FieldShell label={label} error={error}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className={`select w-full ${invalid ? "select-error" : ""}`}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          defaultValue=""
          {...registration}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/** The submit button: disabled with 'Loading...' for exactly as long as the request runs. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn-primary w-full" disabled={pending}>
      {pending ? (
        <>
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          Loading...
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** A failure that belongs to the whole form rather than one field. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="alert alert-error alert-soft text-sm">
      {message}
    </div>
  );
}
