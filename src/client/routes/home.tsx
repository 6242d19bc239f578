import { lazy, Suspense } from "react";
import type { LoaderFunctionArgs } from "react-router";
import { advertisedBikesQuery } from "../features/bikes/api";
import { categoriesQuery } from "../features/categories/api";
import { Hero } from "../features/home/components/hero";
import { configQuery } from "../lib/config";
import type { PageData } from "../lib/page-data";
import { usePageTitle } from "../lib/page-title";
import { queryClient } from "../lib/query-client";

const loadBelowTheHero = () => import("./home-below-the-hero");
const BelowTheHero = lazy(loadBelowTheHero);

export const pageData: PageData = (client) =>
  Promise.all([
    client.prefetchQuery(categoriesQuery),
    client.prefetchQuery(advertisedBikesQuery),
    client.prefetchQuery(configQuery),
  ]);

/**
 * Starts fetching the page's data, and the code for what lies below the
 * hero, while the page's own code loads, but doesn't wait: each section
 * shows its own loading and error states.
 */
export function loader(args: LoaderFunctionArgs) {
  void pageData(queryClient, args);
  void loadBelowTheHero();
  return null;
}

export function Component() {
  usePageTitle("ReRide — used motorbikes, bought and sold", { exact: true });
  return (
    <>
      <Hero />
      {/* A screen's height meanwhile, so the footer doesn't show and then jump away. */}
      <Suspense fallback={<div className="min-h-screen" />}>
        <BelowTheHero />
      </Suspense>
    </>
  );
}
