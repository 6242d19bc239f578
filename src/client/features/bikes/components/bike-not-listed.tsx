import { Link } from "react-router";
import { usePageTitle } from "#src/client/lib/page-title";

interface Brand {
  id: string;
  name: string;
}

/**
 * A bike page whose bike is gone (sold and taken down, or deleted) or never
 * existed: said plainly, with the way back to its brand when the page knows
 * it (a list it was seen in), else to every brand.
 */
export function BikeNotListed({ brand, brands }: { brand: Brand | null; brands: Brand[] }) {
  usePageTitle("Bike no longer listed");
  const ways = brand ? [brand] : brands;
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-6 px-6 py-20 text-center">
      <h1 className="text-3xl font-bold">This bike is no longer listed.</h1>
      <p className="text-base-content/80">
        Its seller may have sold it or taken it down.{" "}
        {brand ? `Other ${brand.name} bikes are still waiting for a rider.` : "Other bikes are."}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {ways.map((way) => (
          <Link key={way.id} to={`/title/${way.id}`} className="btn btn-primary">
            More {way.name} bikes
          </Link>
        ))}
        <Link to="/" className="btn btn-outline">
          Go To Home page
        </Link>
      </div>
    </section>
  );
}
