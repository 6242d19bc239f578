import { Link, useSearchParams } from "react-router";
import { AuthPage } from "../features/auth/components/auth-page";
import { ResetPasswordForm } from "../features/auth/components/reset-password-form";
import { usePageTitle } from "../lib/page-title";

export function Component() {
  usePageTitle("Choose a new password");
  const [params] = useSearchParams();
  const token = params.get("token");
  return (
    <AuthPage
      title="Choose a new password"
      intro="Pick a password you don't use anywhere else. You'll log in with it from now on."
    >
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <p role="alert" className="alert alert-warning alert-soft text-sm">
          This page needs the link from your password-reset mail.
        </p>
      )}
      <p className="text-center text-sm">
        <Link to="/forgot-password" className="link link-primary inline-block py-1 font-medium">
          Send me a new link
        </Link>
      </p>
    </AuthPage>
  );
}
