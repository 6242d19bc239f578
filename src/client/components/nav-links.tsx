import type { User } from "../../shared/schemas/users";
import { MenuLink } from "./menu-link";

/** The page links, shared by the desktop bar and the mobile menu so the two never differ. */
export function NavLinks({ user, onNavigate }: { user: User | null; onNavigate?: () => void }) {
  const item = (to: string, label: string) => (
    <MenuLink key={to} to={to} label={label} end={to === "/"} onNavigate={onNavigate} />
  );
  return (
    <>
      {item("/", "Home")}
      {item("/blog", "Blog")}
      {user ? item("/dashboard", "Dashboard") : null}
    </>
  );
}
