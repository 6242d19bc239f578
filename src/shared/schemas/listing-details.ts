// Apart from bikes.ts (and zod) so cards and the filter form can name the
// conditions without loading the schemas before the page shows.

export const bikeConditions = ["excellent", "good", "fair", "needs_work"] as const;
export type BikeCondition = (typeof bikeConditions)[number];

export const conditionLabels: Record<BikeCondition, string> = {
  excellent: "Excellent",
  good: "Good",
  fair: "Fair",
  needs_work: "Needs work",
};

/** Listing details buyers filter on (PRODUCT.md §8). */
export const MAX_MILEAGE_KM = 500_000;
export const MIN_MODEL_YEAR = 1950;
/** Next year's models are sold from the autumn before. */
export const maxModelYear = (now = new Date()) => now.getFullYear() + 1;
export const MIN_ENGINE_CC = 50;
export const MAX_ENGINE_CC = 2_500;
