import { Link } from "react-router";
import { useMe } from "#src/client/lib/session";
import { isSeller } from "#src/shared/permissions";

/** The second banner: the other side of the marketplace, selling. */
export function SellerBanner() {
  const { data: user } = useMe();
  const action =
    user === null
      ? { to: "/registration", label: "Register as a seller" }
      : isSeller(user)
        ? { to: "/dashboard/addProduct", label: "Add product" }
        : null;
  return (
    <section aria-labelledby="sell-heading" className="mx-auto w-full max-w-7xl px-6 pt-6 pb-14">
      <div className="grid items-center gap-6 rounded-box border border-primary/20 bg-primary/5 p-8 sm:p-10 md:grid-cols-[1fr_auto]">
        <div>
          <h2 id="sell-heading" className="text-2xl font-bold sm:text-3xl">
            Your bike deserves a second ride
          </h2>
          <p className="mt-3 max-w-2xl text-base-content/80">
            List it with its resale and original price, and riders looking for exactly that bike
            will find it. You see every booking and decide whom to meet.
          </p>
        </div>
        {action ? (
          <Link to={action.to} className="btn btn-primary btn-lg">
            {action.label}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
