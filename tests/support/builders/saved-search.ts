import type { SavedSearch, SavedSearchInput } from "#src/shared/schemas/saved-searches";
import { type Api, expectJson } from "#tests/support/builders/api";

/** POST /api/me/saved-searches as `owner`; the answer as it came. */
export function requestSaveSearch(
  api: Api,
  owner: { cookie: string },
  body: SavedSearchInput | Record<string, unknown>,
): Promise<Response> {
  return api.request("/api/me/saved-searches", { body, cookie: owner.cookie });
}

/** Saves a search and expects it to work. */
export async function saveSearch(
  api: Api,
  owner: { cookie: string },
  query: SavedSearchInput["query"],
  name?: string,
): Promise<SavedSearch> {
  const body = name === undefined ? { query } : { name, query };
  return expectJson<SavedSearch>(await requestSaveSearch(api, owner, body), 201);
}
