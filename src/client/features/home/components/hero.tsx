import { Link } from "react-router";
import { NavbarSearch } from "#src/client/components/navbar-search";
import { useMe } from "#src/client/lib/session";
import { isSeller } from "#src/shared/permissions";

export function Hero() {
  const { data: user } = useMe();
  const sellHref =
    user === null ? "/registration" : isSeller(user) ? "/dashboard/addProduct" : null;
  return (
    <section className="bg-gradient-to-br from-orange-50 via-base-100 to-amber-50">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-6 py-12 lg:grid-cols-2 lg:py-20">
        <div>
          <p className="badge badge-primary badge-soft mb-4 font-semibold">
            Used motorbikes marketplace
          </p>
          <h1 className="text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">
            Find your next ride. <span className="text-primary">Resell your last one.</span>
          </h1>
          {/* On a phone the first screen offers the search, not only a picture. */}
          <NavbarSearch label="Search bikes from the home page" className="mt-6 max-w-xl" />
          <p className="mt-5 max-w-xl text-lg text-base-content/80">
            ReRide brings together riders who buy, sell and resell used SUZUKI, YAMAHA and KTM
            motorbikes. Compare resale prices with the original ones, book the bike you like, and
            choose where to meet its seller: delivery there is free.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="#categories" className="btn btn-primary btn-lg">
              Browse bikes
            </a>
            {sellHref ? (
              <Link to={sellHref} className="btn btn-outline btn-lg">
                Sell your bike
              </Link>
            ) : null}
          </div>
        </div>
        <img
          src="/images/hero.svg"
          alt="A rider on a motorbike on a road, with hills and a city behind"
          width="1200"
          height="600"
          fetchPriority="high"
          className="mx-auto h-auto w-full max-w-2xl rounded-box shadow-xl ring-1 ring-base-300"
        />
      </div>
    </section>
  );
}
