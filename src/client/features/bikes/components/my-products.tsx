import { useInfiniteQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { Link } from "react-router";
import { LoadMore } from "#src/client/components/load-more";
import { EmptyState, ErrorState, LoadingState } from "#src/client/components/query-states";
import { myBikesQuery } from "../seller-api";
import { MyProductCard } from "./my-product-card";

/**
 * The seller's listings in every status, newest first, a page at a time: one
 * column on phones, two on tablets, three on desktops.
 */
export function MyProducts() {
  const bikes = useInfiniteQuery(myBikesQuery);
  const list = useRef<HTMLUListElement>(null);
  if (bikes.isPending) return <LoadingState label="Loading your products..." />;
  if (bikes.isError) {
    return <ErrorState what="your products" query={bikes} />;
  }
  const items = bikes.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState title="You haven't listed any bikes yet.">
        <Link to="/dashboard/addProduct" className="btn btn-primary mt-2">
          Add product
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      <ul ref={list} className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {items.map((bike) => (
          <li key={bike.id}>
            <MyProductCard bike={bike} />
          </li>
        ))}
      </ul>
      <LoadMore what="products" pages={bikes} list={list} />
    </>
  );
}
