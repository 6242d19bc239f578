import { PageHeading } from "../components/page-heading";
import { MyProducts } from "../features/bikes/components/my-products";
import { usePageTitle } from "../lib/page-title";

/** /myProduct and /dashboard/MyProduct (sellers only, by the route's role guard). */
export function Component() {
  usePageTitle("My products");
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <PageHeading>My products</PageHeading>
      <p className="mt-2 text-base-content/80">
        Advertise an available bike to show it in the home page's Advertised section.
      </p>
      <MyProducts />
    </section>
  );
}
