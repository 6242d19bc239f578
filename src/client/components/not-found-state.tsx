import { Link } from "react-router";

/** The not-found page's content, also shown for a link to a record that doesn't exist. */
export function NotFoundState() {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-6 px-6 py-20 text-center">
      <p className="text-7xl font-black text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold">Error! This page doesn't exist.</h1>
      <p className="text-base-content/80">The link may be old, or the address may have a typo.</p>
      <Link to="/" className="btn btn-primary">
        Go To Home page
      </Link>
    </section>
  );
}
