import type { User } from "../../shared/schemas/users";
import { MenuLink } from "./menu-link";

/** The page links, shared by the desktop bar and the mobile menu so the two never differ. */
export function NavLinks({ user, onNavigate }: { user: User | null; onNavigate?: () => void }) {
  return (
    <>
      <MenuLink to="/" label="Home" end onNavigate={onNavigate} />
      <MenuLink to="/blog" label="Blog" onNavigate={onNavigate} />
      {user ? <MenuLink to="/dashboard" label="Dashboard" onNavigate={onNavigate} /> : null}
    </>
  );
}
