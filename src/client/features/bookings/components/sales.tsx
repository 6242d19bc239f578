import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { EmptyState, ErrorState, LoadingState } from "#src/client/components/query-states";
import { salesQuery } from "../api";
import { SaleCard } from "./sale-card";

/** Bookings made on the seller's bikes, for the seller to accept or decline. */
export function Sales() {
  const sales = useQuery(salesQuery);
  if (sales.isPending) return <LoadingState label="Loading bookings on your bikes..." />;
  if (sales.isError) {
    return <ErrorState what="the bookings on your bikes" query={sales} />;
  }
  if (sales.data.items.length === 0) {
    return (
      <EmptyState title="Nobody has booked your bikes yet.">
        <p>List a bike, then advertise it on the home page to reach more buyers.</p>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <Link to="/dashboard/addProduct" className="btn btn-primary">
            Add product
          </Link>
          <Link to="/dashboard/MyProduct" className="btn btn-outline">
            My products
          </Link>
        </div>
      </EmptyState>
    );
  }
  return (
    <ul className="mt-6 grid gap-4 2xl:grid-cols-2">
      {sales.data.items.map((booking) => (
        <li key={booking.id}>
          <SaleCard booking={booking} />
        </li>
      ))}
    </ul>
  );
}
