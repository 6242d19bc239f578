import { Link, Outlet } from "react-router";
import { isAdmin, isSeller } from "../../shared/permissions";
import { useMe } from "../lib/session";
import { PageHeading } from "./page-heading";

/**
 * Hides seller and admin pages from everyone else. The server refuses the
 * same requests; this only spares people a page that could not work for them.
 * Sits inside RequireAuth, so the session is already known here.
 */
export function RequireRole({ allow }: { allow: "seller" | "admin" }) {
  const { data: user } = useMe();
  const allowed = allow === "admin" ? isAdmin(user) : isSeller(user);
  if (allowed) return <Outlet />;
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-12 text-center">
      <PageHeading className="text-2xl font-bold">Not allowed</PageHeading>
      <p className="mt-3 text-lg">
        {allow === "admin" ? "This page is for administrators." : "This page is for sellers."}
      </p>
      <Link to="/" className="btn btn-primary mt-6">
        Go To Home page
      </Link>
    </section>
  );
}
