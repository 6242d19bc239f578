import { useMutation } from "@tanstack/react-query";
import { FormWithSummary } from "#src/client/components/error-summary";
import { SubmitButton, TextField } from "#src/client/components/form-field";
import { errorMessage, isApiError } from "#src/client/lib/api-client";
import { bindField } from "#src/client/lib/field-errors";
import { forgotPasswordSchema } from "#src/shared/schemas/auth";
import { sendVerificationEmail } from "../api";
import { useSendForm } from "../use-send-form";

const SENT = "We've mailed you a new link. It works for 24 hours.";

function resendFailure(error: unknown): string {
  if (isApiError(error) && error.code === "EMAIL_ALREADY_VERIFIED") {
    return "Your e-mail address is already confirmed.";
  }
  return errorMessage(error);
}

/** For a signed-in user: one button, the link goes to their own address. */
export function ResendVerificationButton({ email }: { email: string }) {
  const resend = useMutation({ mutationFn: () => sendVerificationEmail(email) });
  return (
    <div className="flex flex-col gap-2">
      <div>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? "Sending..." : "Send me a new link"}
        </button>
      </div>
      <p role="status" className="text-sm font-medium">
        {resend.isSuccess ? SENT : ""}
      </p>
      {resend.isError ? (
        <p role="alert" className="text-sm font-medium text-error">
          {resendFailure(resend.error)}
        </p>
      ) : null}
    </div>
  );
}

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
