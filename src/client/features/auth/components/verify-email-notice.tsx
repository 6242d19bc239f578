import type { User } from "#src/shared/schemas/users";
import { ResendVerificationButton } from "./resend-verification-button";

/** In the dashboard until the user has opened the link mailed at sign-up. */
export function VerifyEmailNotice({ user }: { user: User }) {
  if (user.emailVerified) return null;
  return (
    <section
      aria-label="Confirm your e-mail address"
      className="mt-4 rounded-box border border-warning bg-amber-50 p-4"
    >
      <p className="font-semibold">Please confirm your e-mail address</p>
      <p className="mt-1 mb-3 text-sm text-base-content/85">
        We mailed a link to {user.email} when you registered. Open it to confirm the address. No
        mail? Check your spam folder, or ask for a new link.
      </p>
      <ResendVerificationButton email={user.email} />
    </section>
  );
}
