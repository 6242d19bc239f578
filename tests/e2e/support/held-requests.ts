import type { Page } from "playwright-core";

/**
 * Holds back the page's requests to `url` (of `method`, if given) until
 * `release()`; after it, every request goes through as it comes. `count()`
 * says how many were held.
 */
export async function holdRequests(
  page: Page,
  url: string,
  method?: string,
): Promise<{ release: () => void; count: () => number }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(url, async (route) => {
    if (method === undefined || route.request().method() === method) {
      held += 1;
      await released;
    }
    await route.continue();
  });
  return { release, count: () => held };
}
