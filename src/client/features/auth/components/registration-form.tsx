import { FormWithSummary } from "#src/client/components/error-summary";
import { SelectField, SubmitButton, TextField } from "#src/client/components/form-field";
import { bindField } from "#src/client/lib/field-errors";
import { signUpWithEmail } from "../api";
import { useAuthForm } from "../use-auth-form";

/** The same schema as the server's check, so both sides agree on every message. */
export function RegistrationForm() {
  const { form, summary, submit, pending } = useAuthForm({
    schema: () => import("#src/shared/schemas/auth").then((schemas) => schemas.registerSchema),
    defaultValues: { name: "", email: "", password: "" },
    fields: ["name", "email", "password", "accountType"],
    send: signUpWithEmail,
    done: "Account created",
  });

  return (
    <FormWithSummary summary={summary} onSubmit={submit} className="flex flex-col gap-4">
      <TextField label="Name" autoComplete="name" {...bindField(form, "name")} />
      <TextField label="Email" type="email" autoComplete="email" {...bindField(form, "email")} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        {...bindField(form, "password")}
      />
      <SelectField
        label="Account type"
        placeholder="Account Type?"
        options={[
          { value: "seller", label: "seller" },
          { value: "buyer", label: "buyer" },
        ]}
        {...bindField(form, "accountType")}
      />
      <SubmitButton pending={pending}>Register</SubmitButton>
    </FormWithSummary>
  );
}
