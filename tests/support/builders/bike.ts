import type { BikeDetail, BikeInput } from "#src/shared/schemas/bikes";
import type { Category, CategoryName } from "#src/shared/schemas/categories";
import { type Api, expectJson } from "#tests/support/builders/api";

// The one bike builder: API, reliability and browser tests all start from
// these values (the browser fills the Add product form with them).

/** A bike as a seller describes it: the Add product fields, with the category by name. */
export type Bike = Omit<BikeInput, "categoryId"> & { category: CategoryName };

/** A complete, valid bike; override any field. */
export function buildBike(overrides: Partial<Bike> = {}): Bike {
  return {
    title: "Suzuki Gixxer SF, one owner",
    name: "Gixxer SF",
    category: "SUZUKI",
    imageUrl: "https://example.com/gixxer.jpg",
    location: "Dhaka",
    yearsOfUse: 2,
    originalPrice: 2400,
    resalePrice: 1750,
    phone: "+8801711000001",
    mileageKm: 18_500,
    modelYear: 2022,
    engineCc: 155,
    condition: "good",
    papersUpToDate: true,
    ...overrides,
  };
}

/** The POST /api/bikes body for a built bike. */
export function bikeInput({ category: _category, ...fields }: Bike, categoryId: string): BikeInput {
  return { ...fields, categoryId };
}

/** A complete, valid Add product body in a known category; override any field. */
export function bikeFields(categoryId: string, overrides: Partial<BikeInput> = {}): BikeInput {
  return { ...bikeInput(buildBike(), categoryId), ...overrides };
}

export type CategoryIds = Record<CategoryName, string>;

export async function categoryIds(api: Api): Promise<CategoryIds> {
  const list = await expectJson<Category[]>(await api.request("/api/categories"), 200);
  return Object.fromEntries(list.map((category) => [category.name, category.id])) as CategoryIds;
}

/** Lists a bike as `seller` and returns it as the seller sees it. */
export async function listBike(
  api: Api,
  seller: { cookie: string },
  categoryId: string,
  overrides: Partial<BikeInput> = {},
): Promise<BikeDetail> {
  const response = await api.request("/api/bikes", {
    body: bikeFields(categoryId, overrides),
    cookie: seller.cookie,
  });
  return expectJson<BikeDetail>(response, 201);
}
