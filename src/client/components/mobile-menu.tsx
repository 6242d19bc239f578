import { useEffect, useId, useRef, useState } from "react";
import { NavLink } from "react-router";
import type { User } from "../../shared/schemas/users";
import { NavLinks } from "./nav-links";
import { NavbarSearch } from "./navbar-search";
import { tabbables, useFocusTrap } from "./use-focus-trap";

/**
 * The small-screen menu: a real button that opens a list of the same links
 * as the desktop bar. Closes on a choice, on Escape and on a click outside.
 * While open, Tab cycles through the button and the list (focus starts on the
 * first entry), and Escape gives focus back to the button.
 */
export function MobileMenu({ user }: { user: User | null | undefined }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLUListElement>(null);
  // Following a link hands focus to the new page, not back to this button.
  const navigated = useRef(false);

  useFocusTrap(root, open, {
    onEscape: () => setOpen(false),
    initialFocus: () => (panel.current ? tabbables(panel.current)[0] : null),
    returnFocus: () => (navigated.current ? null : button.current),
  });

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const close = () => {
    navigated.current = true;
    setOpen(false);
  };

  return (
    <div ref={root} className="relative lg:hidden">
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-square"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? "Close menu" : "Open menu"}
        onClick={() => {
          navigated.current = false;
          setOpen((value) => !value);
        }}
      >
        <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" aria-hidden="true">
          <path
            d={open ? "M6 6l12 12M18 6L6 18" : "M4 7h16M4 12h16M4 17h16"}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
      {open ? (
        <ul
          ref={panel}
          id={panelId}
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
      ) : null}
    </div>
  );
}
