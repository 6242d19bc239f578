import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { errorMessage, isApiError } from "#src/client/lib/api-client";
import { refreshMe } from "#src/client/lib/session";
import type { User } from "#src/shared/schemas/users";
import { verifyEmail } from "../api";
import { ResendVerificationButton } from "./resend-verification-button";
import { ResendVerificationForm } from "./resend-verification-form";

function failureText(error: unknown): string {
  if (isApiError(error) && error.code === "TOKEN_EXPIRED") {
    return "This link has expired: links work for 24 hours. Ask for a new one below.";
  }
  if (isApiError(error) && error.code === "INVALID_TOKEN") {
    return "This link is not valid. It may be incomplete: copy the whole link from the mail, or ask for a new one below.";
  }
  return `Your address could not be confirmed. ${errorMessage(error)}`;
}

/**
 * What the mailed link opens: the token is sent once the page runs in the
 * browser (never while the server draws it), then the outcome is said.
 */
export function VerifyEmailResult({ token, user }: { token: string | null; user: User | null }) {
  const verify = useMutation({
    mutationFn: (value: string) => verifyEmail(value),
    onSuccess: () => refreshMe(),
  });
  const asked = useRef(false);
  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const resend = user ? (
    <ResendVerificationButton email={user.email} />
  ) : (
    <ResendVerificationForm />
  );
  if (!token) {
    return (
      <>
        <p role="alert" className="alert alert-warning alert-soft text-sm">
          This page needs the link from your confirmation mail.
        </p>
        {user?.emailVerified ? null : resend}
      </>
    );
  }
  if (verify.isSuccess) {
    return (
      <>
        <p role="status" className="alert alert-success alert-soft text-sm font-medium">
          Your e-mail address is confirmed. Thank you!
        </p>
        <Link to={user ? "/dashboard" : "/login"} className="btn btn-primary">
          {user ? "Go to your dashboard" : "Log in"}
        </Link>
      </>
    );
  }
  if (verify.isError) {
    return (
      <>
        <p role="alert" className="alert alert-error alert-soft text-sm">
          {failureText(verify.error)}
        </p>
        {resend}
      </>
    );
  }
  return (
    <p role="status" className="flex items-center gap-3 text-base-content/80">
      <span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
      Confirming your e-mail address...
    </p>
  );
}
