import { FieldShell } from "./form-field";

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
      {({ id, describedBy }) => (
        <input
          id={id}
          className="input w-full bg-base-200 text-base-content/90"
          value={value}
          readOnly
          aria-describedby={describedBy}
        />
      )}
    </FieldShell>
  );
}
