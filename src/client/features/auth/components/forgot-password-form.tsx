import { FormWithSummary } from "#src/client/components/error-summary";
import { SubmitButton, TextField } from "#src/client/components/form-field";
import { bindField } from "#src/client/lib/field-errors";
import { requestPasswordReset } from "../api";
import { useSendForm } from "../use-send-form";

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const { form, summary, submit, pending, sent } = useSendForm({
    schema: () =>
      import("#src/shared/schemas/auth").then((schemas) => schemas.forgotPasswordSchema),
    defaultValues: { email: "" },
    fields: ["email"],
    send: requestPasswordReset,
  });
  if (sent) {
    return (
      <p role="status" className="alert alert-success alert-soft text-sm font-medium">
        If an account uses {form.getValues("email")}, we've mailed it a link to choose a new
        password. The link works once, within an hour.
      </p>
    );
  }
  return (
    <FormWithSummary summary={summary} onSubmit={submit} className="flex flex-col gap-4">
      <TextField label="Email" type="email" autoComplete="email" {...bindField(form, "email")} />
      <SubmitButton pending={pending}>Send me a link</SubmitButton>
    </FormWithSummary>
  );
}
