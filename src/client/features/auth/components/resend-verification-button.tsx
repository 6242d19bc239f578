import { useMutation } from "@tanstack/react-query";
import { errorMessage, isApiError } from "#src/client/lib/api-client";
import { sendVerificationEmail } from "../api";

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
