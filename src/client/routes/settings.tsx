import type { ReactNode } from "react";
import { PageHeading } from "../components/page-heading";
import { ChangePasswordForm } from "../features/auth/components/change-password-form";
import { DisplayNameForm } from "../features/auth/components/display-name-form";
import { EmailPreference } from "../features/notifications/components/email-preference";
import { usePageTitle } from "../lib/page-title";
import { useMe } from "../lib/session";

/** /dashboard/settings: e-mail notifications, display name and password. */
export function Component() {
  usePageTitle("Settings");
  const { data: user } = useMe();
  if (!user) return null;
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6">
      <PageHeading>Settings</PageHeading>
      <div className="mt-6 flex flex-col gap-6">
        <SettingsCard title="E-mail notifications">
          <EmailPreference />
        </SettingsCard>
        <SettingsCard title="Display name">
          <DisplayNameForm name={user.name} />
        </SettingsCard>
        {/* Accounts made through Google have a password too only if they set one; better-auth says so if not. */}
        <SettingsCard title="Password">
          <ChangePasswordForm />
        </SettingsCard>
      </div>
    </section>
  );
}

function SettingsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <h3 className="mb-4 text-xl font-bold">{title}</h3>
      {children}
    </section>
  );
}
