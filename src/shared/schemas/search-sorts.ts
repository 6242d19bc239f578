// Apart from search.ts (and zod) so the client's filter form can list the sorts
// without loading the schemas before the page shows.
export const bikeSorts = ["newest", "price_asc", "price_desc", "mileage_asc", "year_desc"] as const;
export type BikeSort = (typeof bikeSorts)[number];
