import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { EmptyState, ErrorState, LoadingState } from "#src/client/components/query-states";
import { myBikesQuery } from "../api";
import { MyProductCard } from "./my-product-card";

/** The seller's listings in every status: one column on phones, two on tablets, three on desktops. */
export function MyProducts() {
  const bikes = useQuery(myBikesQuery);
  if (bikes.isPending) return <LoadingState label="Loading your products..." />;
  if (bikes.isError) {
    return <ErrorState what="your products" query={bikes} />;
  }
  if (bikes.data.items.length === 0) {
    return (
      <EmptyState title="You haven't listed any bikes yet.">
        <Link to="/dashboard/addProduct" className="btn btn-primary mt-2">
          Add product
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {bikes.data.items.map((bike) => (
        <li key={bike.id}>
          <MyProductCard bike={bike} />
        </li>
      ))}
    </ul>
  );
}
