import { createContext, type ReactNode, useContext, useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

/**
 * The fields of one form share an id prefix, so that the error summary at
 * its top can link to each field by the field's name.
 */
const FieldIdPrefix = createContext<string | null>(null);
export const FieldIdPrefixProvider = FieldIdPrefix.Provider;

export function fieldId(prefix: string, name: string): string {
  return `${prefix}-${name}`;
}

/** The id of the field named `name` in the surrounding form, or a unique one. */
export function useFieldId(name: string | undefined): string {
  const prefix = useContext(FieldIdPrefix);
  const own = useId();
  return prefix && name ? fieldId(prefix, name) : own;
}

/** What a control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
}

interface FieldShellProps {
  label: string;
  /** The form field's name: gives the control the id the error summary links to. */
  name?: string;
  error?: string;
  hint?: string;
  children: (props: {
    id: string;
    describedBy: string | undefined;
    invalid: boolean;
    control: ControlProps;
  }) => ReactNode;
}

/**
 * A visible <label> tied to its control, its hint, and its error right under
 * it: the control is aria-invalid and described by both, so screen readers
 * read the message with the field (the GOV.UK pattern).
 */
export function FieldShell({ label, name, error, hint, children }: FieldShellProps) {
  const id = useFieldId(name);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  const invalid = Boolean(error);
  const control: ControlProps = {
    id,
    "aria-describedby": describedBy,
    "aria-invalid": invalid || undefined,
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children({ id, describedBy, invalid, control })}
      {hint ? (
        <p id={hintId} className="text-sm text-base-content/75">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId} message={error} /> : null}
    </div>
  );
}

/** A field's message, under it and named by its aria-describedby; read as "Error: …". */
export function FieldError({ id, message }: { id: string | undefined; message: string }) {
  return (
    <p id={id} className="text-sm font-medium text-error">
      <span className="sr-only">Error: </span>
      <span>{message}</span>
    </p>
  );
}

interface LabelledFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
}

interface TextFieldProps extends LabelledFieldProps {
  type?: "text" | "email" | "password" | "tel" | "url" | "number";
  autoComplete?: string;
  placeholder?: string;
  inputMode?: "text" | "numeric" | "tel" | "url" | "email";
  min?: number;
  step?: number;
}

export function TextField({ label, registration, error, hint, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} name={registration.name} error={error} hint={hint}>
      {({ control, invalid }) => (
        <input
          className={`input w-full ${invalid ? "input-error" : ""}`}
          {...control}
          {...input}
          {...registration}
        />
      )}
    </FieldShell>
  );
}

interface SelectFieldProps extends LabelledFieldProps {
  placeholder: string;
  options: { value: string; label: string }[];
}

/** A select whose disabled placeholder shows until a real choice is made. */
export function SelectField({
  label,
  registration,
  placeholder,
  options,
  error,
  hint,
}: SelectFieldProps) {
  return (
    <FieldShell label={label} name={registration.name} error={error} hint={hint}>
      {({ control, invalid }) => (
        <select
          className={`select w-full ${invalid ? "select-error" : ""}`}
          defaultValue=""
          {...control}
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

export function TextAreaField({
  label,
  registration,
  error,
  hint,
  rows = 4,
}: LabelledFieldProps & { rows?: number }) {
  return (
    <FieldShell label={label} name={registration.name} error={error} hint={hint}>
      {({ control, invalid }) => (
        <textarea
          rows={rows}
          className={`textarea w-full ${invalid ? "textarea-error" : ""}`}
          {...control}
          {...registration}
        />
      )}
    </FieldShell>
  );
}

/**
 * A value the user sees but may not change (their email, the bike's price).
 * readOnly rather than disabled, so it can still be focused, read and copied.
 */
export function ReadOnlyField({
  label,
  value,
  hint,
}: {
  label: string;
  value: string;
  hint?: string;
}) {
  return (
    <FieldShell label={label} hint={hint}>
      {({ control }) => (
        <input
          className="input w-full bg-base-200 text-base-content/90"
          value={value}
          readOnly
          {...control}
        />
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
