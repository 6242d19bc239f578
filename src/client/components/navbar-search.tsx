import { useId } from "react";
import { Form, useLocation, useSearchParams } from "react-router";

/**
 * The navbar's search box: a plain GET form to /bikes, so it costs the first
 * page no script beyond the router it already has. On /bikes it shows the
 * words searched, keyed by them so back and forward update it.
 */
export function NavbarSearch({
  className = "",
  label,
  onSubmit,
}: {
  className?: string;
  /** Names the search landmark when the page has another one (the home page's hero). */
  label?: string;
  /** The mobile menu closes itself once the search is sent. */
  onSubmit?: () => void;
}) {
  const id = useId();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const q = pathname.toLowerCase() === "/bikes" ? (params.get("q") ?? "") : "";
  return (
    <Form
      action="/bikes"
      role="search"
      aria-label={label}
      className={`join ${className}`}
      onSubmit={onSubmit}
    >
      <label htmlFor={id} className="sr-only">
        Search bikes
      </label>
      <input
        key={q}
        id={id}
        type="search"
        name="q"
        defaultValue={q}
        maxLength={100}
        placeholder="Search bikes"
        className="input input-sm join-item w-full"
      />
      <button type="submit" className="btn btn-sm btn-primary join-item">
        Search
      </button>
    </Form>
  );
}
