import { type FormEvent, useId, useState } from "react";
import type { Category } from "#src/shared/schemas/categories";
import { bikeConditions, conditionLabels } from "#src/shared/schemas/listing-details";
import { bikeSorts } from "#src/shared/schemas/search-sorts";
import { type FilterKey, type Filters, filterKeys } from "../lib/search-params";
import { validateFilters } from "../lib/validate-filters";
import { UntilHydrated } from "./error-summary";
import { FieldShell } from "./form-field";

const sortLabels: Record<(typeof bikeSorts)[number], string> = {
  newest: "Newest first",
  price_asc: "Price: low to high",
  price_desc: "Price: high to low",
  mileage_asc: "Mileage: low to high",
  year_desc: "Model year: newest first",
};

interface BikeFiltersProps {
  /** "category" leaves the category out: the page's path names it. */
  scope: "search" | "category";
  /** The category choices, for the "search" scope (none yet while they load). */
  categories?: Category[];
  filters: Filters;
  onApply: (filters: Filters) => void;
}

/**
 * The filters and sort of the search page and the category page. The form
 * is uncontrolled and keyed by the URL's query by its caller, so back and
 * forward show the values of the page they return to. Below the large
 * breakpoint it folds behind a 'Filters' button that counts the active
 * ones, so a phone's first screen shows bikes; it opens by itself when the
 * query has a mistake to fix.
 */
export function BikeFilters({ scope, categories = [], filters, onApply }: BikeFiltersProps) {
  // A shared link may hold an invalid query (min > max): say so beside the fields at once.
  const [errors, setErrors] = useState<Partial<Record<FilterKey, string>>>(() =>
    validateFilters(filters, scope),
  );
  const [open, setOpen] = useState(() => Object.keys(errors).length > 0);
  const panelId = useId();
  const active = filterKeys.filter((key) => key !== "sort" && filters[key] !== undefined).length;

  const read = (form: HTMLFormElement): Filters => {
    const data = new FormData(form);
    const next: Filters = {};
    for (const key of filterKeys) {
      const value = data.get(key);
      if (typeof value === "string" && value.trim() !== "") next[key] = value.trim();
    }
    return next;
  };

  const apply = (form: HTMLFormElement) => {
    const next = read(form);
    const found = validateFilters(next, scope);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(next);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };

  const text = (key: FilterKey, label: string, type: "search" | "number" = "search") => (
    <FieldShell label={label} error={errors[key]}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={key}
          type={type}
          inputMode={type === "number" ? "numeric" : undefined}
          min={type === "number" ? 0 : undefined}
          step={type === "number" ? 1 : undefined}
          defaultValue={filters[key] ?? ""}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className={`input input-sm w-full ${invalid ? "input-error" : ""}`}
        />
      )}
    </FieldShell>
  );

  return (
    <div>
      <button
        type="button"
        className="btn btn-outline btn-sm lg:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Filters
        {active > 0 ? <span className="badge badge-primary badge-sm">{active} active</span> : null}
      </button>
      <form
        id={panelId}
        onSubmit={onSubmit}
        noValidate
        aria-label="Filters"
        className={`${open ? "grid" : "hidden"} mt-3 gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2 lg:mt-0 lg:grid lg:grid-cols-4`}
      >
        <UntilHydrated>
          {text("q", "Words")}
          {scope === "search" ? (
            <FieldShell label="Category" error={errors.categoryId}>
              {({ id, describedBy }) => (
                <select
                  id={id}
                  name="categoryId"
                  defaultValue={filters.categoryId ?? ""}
                  aria-describedby={describedBy}
                  className="select select-sm w-full"
                >
                  <option value="">Any category</option>
                  {categories.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                </select>
              )}
            </FieldShell>
          ) : null}
          {text("minPrice", "Min price", "number")}
          {text("maxPrice", "Max price", "number")}
          {text("maxYearsOfUse", "Max years of use", "number")}
          {text("location", "Location")}
          {text("minYear", "Min model year", "number")}
          {text("maxMileageKm", "Max mileage (km)", "number")}
          {text("minEngineCc", "Min engine (cc)", "number")}
          {text("maxEngineCc", "Max engine (cc)", "number")}
          <FieldShell label="Condition" error={errors.condition}>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                name="condition"
                defaultValue={filters.condition ?? ""}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                className="select select-sm w-full"
              >
                <option value="">Any condition</option>
                {bikeConditions.map((condition) => (
                  <option key={condition} value={condition}>
                    {conditionLabels[condition]}
                  </option>
                ))}
              </select>
            )}
          </FieldShell>
          <FieldShell label="Sort" error={errors.sort}>
            {({ id, describedBy }) => (
              <select
                id={id}
                name="sort"
                defaultValue={filters.sort ?? "newest"}
                aria-describedby={describedBy}
                className="select select-sm w-full"
                // A new order is wanted at once; the other fields wait for 'Apply'.
                onChange={(event) => {
                  if (event.currentTarget.form) apply(event.currentTarget.form);
                }}
              >
                {bikeSorts.map((sort) => (
                  <option key={sort} value={sort}>
                    {sortLabels[sort]}
                  </option>
                ))}
              </select>
            )}
          </FieldShell>
          <label className="flex cursor-pointer items-center gap-2 self-end pb-1 text-sm font-semibold">
            <input
              type="checkbox"
              name="verifiedOnly"
              value="true"
              defaultChecked={filters.verifiedOnly === "true"}
              className="checkbox"
            />
            Verified sellers only
          </label>
          <div className="flex gap-2 self-end sm:col-span-2 lg:col-span-4">
            <button type="submit" className="btn btn-primary btn-sm">
              Apply filters
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => {
                setErrors({});
                onApply({});
              }}
            >
              Clear
            </button>
          </div>
        </UntilHydrated>
      </form>
    </div>
  );
}
