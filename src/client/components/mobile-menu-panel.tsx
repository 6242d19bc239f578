import { type RefObject, useEffect, useRef } from "react";
import { NavLink } from "react-router";
import type { User } from "../../shared/schemas/users";
import { NavLinks } from "./nav-links";
import { NavbarSearch } from "./navbar-search";
import { tabbables, useFocusTrap } from "./use-focus-trap";

interface MobileMenuPanelProps {
  id: string;
  user: User | null | undefined;
  /** The menu's box: the button and this list, the area Tab cycles through. */
  root: RefObject<HTMLDivElement | null>;
  button: RefObject<HTMLButtonElement | null>;
  /** Closes the menu; `navigated` when a link was followed (the new page takes focus). */
  onClose: (navigated: boolean) => void;
}

/**
 * The open small-screen menu. Mounted only while open, and loaded only when
 * first needed (mobile-menu.tsx), so the focus trap is not part of every
 * page's first download. While mounted, Tab cycles through the button and
 * the list (focus starts on the first entry), Escape and a click outside
 * close it, and on closing focus goes back to the button unless a link was
 * followed.
 */
export function MobileMenuPanel({ id, user, root, button, onClose }: MobileMenuPanelProps) {
  const panel = useRef<HTMLUListElement>(null);
  const navigated = useRef(false);

  useFocusTrap(root, true, {
    onEscape: () => onClose(false),
    initialFocus: () => (panel.current ? tabbables(panel.current)[0] : null),
    returnFocus: () => (navigated.current ? null : button.current),
  });

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onClose(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [root, onClose]);

  const close = () => {
    navigated.current = true;
    onClose(true);
  };

  return (
    <ul
      ref={panel}
      id={id}
      className="menu absolute left-0 top-full z-40 mt-2 w-60 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
    >
      {user ? (
        // The navbar's box is hidden on small screens; here is where they search.
        <li className="mb-1 md:hidden">
          <NavbarSearch className="w-full p-1" onSubmit={close} />
        </li>
      ) : null}
      <NavLinks user={user ?? null} onNavigate={close} />
      {user ? (
        <li className="menu-disabled mt-1 border-t border-base-300 pt-1">
          <span className="truncate text-base-content/80">{user.email}</span>
        </li>
      ) : user === null ? (
        <>
          <li>
            <NavLink to="/login" onClick={close} className="font-medium">
              Login
            </NavLink>
          </li>
          <li>
            <NavLink to="/registration" onClick={close} className="font-medium">
              Registration
            </NavLink>
          </li>
        </>
      ) : null}
    </ul>
  );
}
