import { MenuLink } from "#src/client/components/menu-link";
import { isAdmin, isSeller } from "#src/shared/permissions";
import type { User } from "#src/shared/schemas/users";

/**
 * The dashboard's entries by role, each named as its page's heading. A
 * seller's first page is the bookings made on their bikes; what they booked
 * themselves comes after their selling pages. Admin entries follow only from
 * `role` as GET /api/me reports it; the server decides it.
 */
export function SideMenu({ user, onNavigate }: { user: User; onNavigate: () => void }) {
  const item = (to: string, label: string, end = false) => (
    <MenuLink key={to} to={to} label={label} end={end} onNavigate={onNavigate} />
  );
  return (
    <ul className="menu w-full gap-1 p-0 text-base">
      {isSeller(user) ? (
        <>
          <li className="menu-title text-base-content/75">Selling</li>
          {item("/dashboard", "Bookings on my bikes", true)}
          {item("/dashboard/addProduct", "Add product")}
          {item("/dashboard/MyProduct", "My products")}
          <li className="menu-title mt-4 text-base-content/75">Buying</li>
        </>
      ) : null}
      {item("/dashboard/myBooking", "My booking")}
      {item("/dashboard/wishlist", "Wishlist")}
      {item("/dashboard/saved-searches", "Saved searches")}
      <li className="menu-title mt-4 text-base-content/75">Account</li>
      {item("/dashboard/messages", "Messages")}
      {item("/dashboard/notifications", "Notifications")}
      {item("/dashboard/settings", "Settings")}
      {isAdmin(user) ? (
        <>
          <li className="menu-title mt-4 text-base-content/75">Administration</li>
          {item("/dashboard/allSeller", "All sellers")}
          {item("/dashboard/allBuyer", "All buyers")}
          {item("/dashboard/reports", "Reports")}
          {item("/dashboard/adminLog", "Admin log")}
        </>
      ) : null}
    </ul>
  );
}
