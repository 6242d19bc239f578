import { PageHeading } from "../components/page-heading";
import { NotificationList } from "../features/notifications/components/notification-list";
import { usePageTitle } from "../lib/page-title";

/** /dashboard/notifications */
export function Component() {
  usePageTitle("Notifications");
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <PageHeading>Notifications</PageHeading>
      <p className="mt-2 text-base-content/80">
        Bookings made, answered, cancelled or expired, and news about your account, newest first.
        Open one to go to its page.
      </p>
      <NotificationList />
    </section>
  );
}
