import { NavLink } from "react-router";

interface MenuLinkProps {
  to: string;
  label: string;
  /** Active only on this exact path (the home link), not below it. */
  end?: boolean;
  onNavigate?: () => void;
}

/** One entry of a daisyUI menu, marked while its page is showing. */
export function MenuLink({ to, label, end, onNavigate }: MenuLinkProps) {
  return (
    <li>
      <NavLink
        to={to}
        end={end}
        onClick={onNavigate}
        className={({ isActive }) => (isActive ? "menu-active font-semibold" : "font-medium")}
      >
        {label}
      </NavLink>
    </li>
  );
}
