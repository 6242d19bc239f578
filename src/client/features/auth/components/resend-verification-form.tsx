import { FormWithSummary } from "#src/client/components/error-summary";
import { SubmitButton, TextField } from "#src/client/components/form-field";
import { bindField } from "#src/client/lib/field-errors";
import { forgotPasswordSchema } from "#src/shared/schemas/auth";
import { sendVerificationEmail } from "../api";
import { useSendForm } from "../use-send-form";

/** Signed out: the address to mail a new link to; the same answer whether or not it has an account. */
export function ResendVerificationForm() {
  const { form, summary, submit, pending, sent } = useSendForm({
    schema: forgotPasswordSchema,
    defaultValues: { email: "" },
    fields: ["email"],
    send: ({ email }) => sendVerificationEmail(email),
  });
  if (sent) {
    return (
      <p role="status" className="alert alert-success alert-soft text-sm font-medium">
        If {form.getValues("email")} has an account waiting to be confirmed, we've mailed it a new
        link. It works for 24 hours.
      </p>
    );
  }
  return (
    <FormWithSummary summary={summary} onSubmit={submit} className="flex flex-col gap-4">
      <TextField label="Email" type="email" autoComplete="email" {...bindField(form, "email")} />
      <SubmitButton pending={pending}>Send me a new link</SubmitButton>
    </FormWithSummary>
  );
}
