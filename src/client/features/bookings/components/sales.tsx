import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { EmptyState, ErrorState, LoadingState } from "#src/client/components/query-states";
import { salesQuery } from "../api";
import { BookingPages } from "./booking-pages";
import { SaleCard } from "./sale-card";

/** Bookings made on the seller's bikes, newest first, a page at a time, for the seller to accept or decline. */
export function Sales() {
  const sales = useInfiniteQuery(salesQuery);
  if (sales.isPending) return <LoadingState label="Loading bookings on your bikes..." />;
  if (sales.isError) {
    return <ErrorState what="the bookings on your bikes" query={sales} />;
  }
  const items = sales.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
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
    <BookingPages
      pages={sales}
      bookings={items}
      card={(booking) => <SaleCard booking={booking} />}
    />
  );
}
