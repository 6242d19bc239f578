import { Link, Navigate, useLocation } from "react-router";
import { AuthPage } from "../features/auth/components/auth-page";
import { GoogleButton } from "../features/auth/components/google-button";
import { LoginForm } from "../features/auth/components/login-form";
import { loginReason, returnPath } from "../features/auth/return-to";
import { usePageTitle } from "../lib/page-title";
import { useArrivedSignedIn } from "../lib/use-arrived-signed-in";

export function Component() {
  usePageTitle("Login");
  const location = useLocation();
  // Someone already signed in has nothing to do here (the form's own sign-in navigates itself).
  if (useArrivedSignedIn()) return <Navigate to="/dashboard" replace />;
  const reason = loginReason(location.state);
  return (
    <AuthPage
      title="Login now!"
      intro="Welcome back. Log in to book bikes, follow your bookings and manage your listings."
    >
      {reason ? (
        <p role="status" className="alert alert-info alert-soft text-sm font-medium">
          {reason}
        </p>
      ) : null}
      <LoginForm />
      <p className="-mt-2 text-right text-sm">
        <Link to="/forgot-password" className="link link-primary inline-block py-1">
          Forgot password?
        </Link>
      </p>
      <GoogleButton label="Login with Google" returnTo={returnPath(location.state)} />
      <p className="text-center text-sm">
        <Link
          to="/registration"
          state={location.state}
          className="link link-primary inline-block py-1 font-medium"
        >
          Don't have account? Registration
        </Link>
      </p>
    </AuthPage>
  );
}
