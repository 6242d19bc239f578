import { Link, Navigate, useLocation } from "react-router";
import { AuthPage } from "../features/auth/components/auth-page";
import { GoogleButton } from "../features/auth/components/google-button";
import { RegistrationForm } from "../features/auth/components/registration-form";
import { returnPath } from "../features/auth/return-to";
import { usePageTitle } from "../lib/page-title";
import { useArrivedSignedIn } from "../lib/use-arrived-signed-in";

export function Component() {
  usePageTitle("Registration");
  const location = useLocation();
  // Someone already signed in has nothing to do here (the form's own sign-in navigates itself).
  if (useArrivedSignedIn()) return <Navigate to="/dashboard" replace />;
  return (
    <AuthPage
      title="Register now!"
      intro="Create your free account as a buyer to book bikes, or as a seller to list yours."
    >
      <RegistrationForm />
      <GoogleButton
        label="Register With Google"
        returnTo={returnPath(location.state)}
        note="Accounts made with Google are buyer accounts."
      />
      <p className="text-center text-sm">
        <Link
          to="/login"
          state={location.state}
          className="link link-primary inline-block py-1 font-medium"
        >
          Already have an account? Login
        </Link>
      </p>
    </AuthPage>
  );
}
