import { useId } from "react";
import { Link } from "react-router";
import { ActionError } from "#src/client/components/action-error";
import { DeleteButton } from "#src/client/components/delete-button";
import { Price } from "#src/client/components/price";
import type { ListedBike } from "#src/client/lib/bike-cache";
import { CARD_SIZES, photoSources } from "#src/client/lib/photo-sources";
import {
  advertiseFailed,
  deleteFailed,
  useAdvertise,
  useDeleteProduct,
} from "../use-my-product-actions";
import { BikeStatusBadge } from "./bike-status-badge";
import { Fact } from "./fact";
import { HiddenNotice } from "./hidden-notice";

/** One of the seller's own listings, with advertising and delete. */
export function MyProductCard({ bike }: { bike: ListedBike }) {
  const titleId = useId();
  const advertise = useAdvertise();
  const remove = useDeleteProduct();
  const busy = advertise.isPending || remove.isPending;

  return (
    <article
      aria-labelledby={titleId}
      className="card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm"
    >
      <figure className="relative aspect-[4/3] bg-base-200">
        <img
          {...photoSources(bike.imageUrl, CARD_SIZES)}
          alt={`${bike.name}: ${bike.title}`}
          width="800"
          height="600"
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
        />
        <div className="absolute top-3 left-3 flex gap-2">
          <BikeStatusBadge status={bike.status} showAvailable />
          {bike.advertised && bike.status === "available" ? (
            <span className="badge badge-accent font-semibold">Advertised</span>
          ) : null}
        </div>
      </figure>
      <div className="card-body gap-3 p-5">
        <div>
          <h3 id={titleId} className="card-title text-lg">
            {/* The ad as buyers see it. */}
            <Link to={`/bikes/${bike.id}`} className="link-hover focus-visible:underline">
              {bike.name}
            </Link>
          </h3>
          <p className="text-sm text-base-content/80">{bike.title}</p>
        </div>
        <HiddenNotice hidden={bike.hidden} />
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <Fact term="Original price">
            <Price amount={bike.originalPrice} />
          </Fact>
          <Fact term="Category">{bike.categoryName}</Fact>
          <Fact term="Resale price">
            <Price amount={bike.resalePrice} className="font-bold text-primary" />
          </Fact>
          <Fact term="Location">{bike.location}</Fact>
          <Fact term="Years of use">{bike.yearsOfUse}</Fact>
        </dl>
        <div className="card-actions mt-auto justify-end pt-2">
          {bike.status === "available" && !bike.hidden ? (
            <button
              type="button"
              className="btn btn-sm btn-secondary"
              disabled={busy}
              onClick={() => advertise.mutate({ bike, advertised: !bike.advertised })}
            >
              {advertise.isPending ? (
                <span className="loading loading-spinner loading-xs" aria-hidden="true" />
              ) : null}
              {bike.advertised ? "Stop advertising" : "Advertise"}
            </button>
          ) : null}
          <Link
            to={`/dashboard/MyProduct/${bike.id}/edit`}
            className="btn btn-sm btn-outline"
            aria-label={`Edit ${bike.name}`}
          >
            Edit
          </Link>
          <DeleteButton
            item={bike}
            deletion={remove}
            label="Delete"
            disabled={busy}
            title="Delete this product?"
            message={`"${bike.title}" will be removed from ReRide. An open booking on it is cancelled. This can't be undone.`}
            confirmLabel="Delete product"
            failed={deleteFailed}
          />
          <ActionError message={advertise.isError ? advertiseFailed(advertise.error) : null} />
        </div>
      </div>
    </article>
  );
}
