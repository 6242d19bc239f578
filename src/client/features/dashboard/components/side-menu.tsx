import { MenuLink } from "#src/client/components/menu-link";
import { isAdmin, isSeller } from "#src/shared/permissions";
import type { User } from "#src/shared/schemas/users";

/**
 * The dashboard's entries by role, as the seed lists them. Admin entries
 * follow only from `role` as GET /api/me reports it; the server decides it.
 */
export function SideMenu({ user, onNavigate }: { user: User; onNavigate: () => void }) {
  const item = (to: string, label: string) => (
    <MenuLink key={to} to={to} label={label} onNavigate={onNavigate} />
  );
  return (
    <ul className="menu w-full gap-1 p-0 text-base">
      {item("/dashboard/myBooking", "My booking")}
      {isSeller(user)
        ? [item("/dashboard/addProduct", "Add product"), item("/dashboard/MyProduct", "My product")]
        : item("/dashboard/wishlist", "Wishlist")}
      {isAdmin(user) ? (
        <>
          <li className="menu-title mt-4 text-base-content/75">admin</li>
          {item("/dashboard/allSeller", "All sellers")}
          {item("/dashboard/allBuyer", "All buyers")}
        </>
      ) : null}
    </ul>
  );
}
