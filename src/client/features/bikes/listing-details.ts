import { groupedNumber } from "#src/shared/numbers";
import type { Bike } from "#src/shared/schemas/bikes";
import { conditionLabels } from "#src/shared/schemas/listing-details";

// The listing details as words. Listings made before the details have none:
// they say "not given" rather than hide it, so a buyer knows to ask.

export const NOT_GIVEN = "not given";

type Details = Pick<Bike, "mileageKm" | "modelYear" | "engineCc" | "condition" | "papersUpToDate">;

export const mileageText = (km: number | null) =>
  km === null ? NOT_GIVEN : `${groupedNumber(km)} km`;

/** The card's one line: "2022 · 18,500 km". */
export function yearAndMileage(bike: Details): string {
  if (bike.modelYear === null && bike.mileageKm === null) return NOT_GIVEN;
  return `${bike.modelYear ?? "year not given"} · ${
    bike.mileageKm === null ? "km not given" : mileageText(bike.mileageKm)
  }`;
}

/** The bike page's facts, in the order buyers ask for them. */
export function detailFacts(bike: Details): Array<{ term: string; value: string }> {
  return [
    { term: "Model year", value: bike.modelYear === null ? NOT_GIVEN : String(bike.modelYear) },
    { term: "Mileage", value: mileageText(bike.mileageKm) },
    {
      term: "Engine",
      value: bike.engineCc === null ? NOT_GIVEN : `${groupedNumber(bike.engineCc)} cc`,
    },
    {
      term: "Condition",
      value: bike.condition === null ? NOT_GIVEN : conditionLabels[bike.condition],
    },
    {
      term: "Papers up to date",
      value: bike.papersUpToDate === null ? NOT_GIVEN : bike.papersUpToDate ? "Yes" : "No",
    },
  ];
}
