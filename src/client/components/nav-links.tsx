import { NavLink } from "react-router";
import type { User } from "../../shared/schemas/users";

/** The page links, shared by the desktop bar and the mobile menu so the two never differ. */
export function NavLinks({ user, onNavigate }: { user: User | null; onNavigate?: () => void }) {
  const item = (to: string, label: string) => (
    <li key={to}>
      <NavLink
        to={to}
        end={to === "/"}
        onClick={onNavigate}
        className={({ isActive }) => (isActive ? "menu-active font-semibold" : "font-medium")}
      >
        {label}
      </NavLink>
    </li>
  );
  return (
    <>
      {item("/", "Home")}
      {item("/blog", "Blog")}
      {user ? item("/dashboard", "Dashboard") : null}
    </>
  );
}
