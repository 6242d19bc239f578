import { useNavigate } from "react-router";
import { FormWithSummary } from "#src/client/components/error-summary";
import { SubmitButton, TextField } from "#src/client/components/form-field";
import { ApiError, isApiError } from "#src/client/lib/api-client";
import { bindField } from "#src/client/lib/field-errors";
import { toast } from "#src/client/lib/toast";
import { resetPassword } from "../api";
import { useSendForm } from "../use-send-form";

const USED_LINK =
  "This link has expired or was already used. Ask for a new one on the 'Forgot password?' page.";

/** The page the mailed link opens: a new password, then log in with it. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const { form, summary, submit, pending } = useSendForm({
    schema: () => import("#src/shared/schemas/auth").then((schemas) => schemas.newPasswordSchema),
    defaultValues: { newPassword: "" },
    fields: ["newPassword"],
    send: async (input) => {
      try {
        await resetPassword(token, input);
      } catch (error) {
        // better-auth's "Invalid token" says nothing a visitor can act on.
        if (isApiError(error) && error.code === "INVALID_TOKEN") {
          throw new ApiError(error.status, error.code, USED_LINK);
        }
        throw error;
      }
    },
    onSent: async () => {
      toast.success("Password changed. Log in with your new password.");
      await navigate("/login", { replace: true });
    },
  });
  return (
    <FormWithSummary summary={summary} onSubmit={submit} className="flex flex-col gap-4">
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters. Every device signed in to your account is signed out."
        {...bindField(form, "newPassword")}
      />
      <SubmitButton pending={pending}>Set new password</SubmitButton>
    </FormWithSummary>
  );
}
