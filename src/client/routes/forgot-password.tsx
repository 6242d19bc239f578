import { Link } from "react-router";
import { AuthPage } from "../features/auth/components/auth-page";
import { ForgotPasswordForm } from "../features/auth/components/forgot-password-form";
import { usePageTitle } from "../lib/page-title";

export function Component() {
  usePageTitle("Forgot password");
  return (
    <AuthPage
      title="Forgot your password?"
      intro="Tell us the email you log in with and we'll mail you a link to choose a new password."
    >
      <ForgotPasswordForm />
      <p className="text-center text-sm">
        <Link to="/login" className="link link-primary inline-block py-1 font-medium">
          Back to login
        </Link>
      </p>
    </AuthPage>
  );
}
