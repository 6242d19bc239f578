import { useSearchParams } from "react-router";
import { AuthPage } from "../features/auth/components/auth-page";
import { VerifyEmailResult } from "../features/auth/components/verify-email-result";
import { usePageTitle } from "../lib/page-title";
import { useMe } from "../lib/session";

/** /verify-email?token=…: the link mailed at sign-up. */
export function Component() {
  usePageTitle("Confirm your e-mail address");
  const [params] = useSearchParams();
  const { data: user } = useMe();
  return (
    <AuthPage
      title="Confirm your e-mail address"
      intro="So buyers and sellers can reach you, and so your account's mails reach you."
    >
      <VerifyEmailResult token={params.get("token")} user={user ?? null} />
    </AuthPage>
  );
}
