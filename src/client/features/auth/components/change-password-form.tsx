import { FormWithSummary } from "#src/client/components/error-summary";
import { SubmitButton, TextField } from "#src/client/components/form-field";
import { ApiError, isApiError } from "#src/client/lib/api-client";
import { bindField } from "#src/client/lib/field-errors";
import { toast } from "#src/client/lib/toast";
import { changePasswordSchema } from "#src/shared/schemas/auth";
import { changePassword } from "../api";
import { useSendForm } from "../use-send-form";

const WRONG_PASSWORD = "This is not your current password";

/** A new password, with the current one as proof; other devices are signed out. */
export function ChangePasswordForm() {
  const { form, summary, submit, pending } = useSendForm({
    schema: changePasswordSchema,
    defaultValues: { currentPassword: "", newPassword: "" },
    fields: ["currentPassword", "newPassword"],
    send: async (input) => {
      try {
        await changePassword(input);
      } catch (error) {
        // better-auth's "Invalid password" belongs beside the field it is about.
        if (isApiError(error) && error.code === "INVALID_PASSWORD") {
          throw new ApiError(error.status, error.code, WRONG_PASSWORD, {
            currentPassword: WRONG_PASSWORD,
          });
        }
        throw error;
      }
    },
    onSent: () => {
      form.reset();
      toast.success("Password changed. Your other devices are signed out.");
    },
  });
  return (
    <FormWithSummary summary={summary} onSubmit={submit} className="flex flex-col gap-4">
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...bindField(form, "currentPassword")}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters. Every other device signed in to your account is signed out."
        {...bindField(form, "newPassword")}
      />
      <SubmitButton pending={pending}>Change password</SubmitButton>
    </FormWithSummary>
  );
}
