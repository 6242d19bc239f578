import { NavLink } from "react-router";
import { isAdmin, isSeller } from "#src/shared/permissions";
import type { User } from "#src/shared/schemas/users";

/**
 * The dashboard's entries by role, as the seed lists them. Admin entries
 * follow only from `role` as GET /api/me reports it; the server decides it.
 */
export function SideMenu({ user, onNavigate }: { user: User; onNavigate: () => void }) {
  const item = (to: string, label: string) => (
    <li key={to}>
      <NavLink
        to={to}
        onClick={onNavigate}
        className={({ isActive }) => (isActive ? "menu-active font-semibold" : "font-medium")}
      >
        {label}
      </NavLink>
    </li>
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
