// What a first visit to each route loads, from Vite's manifest: index.html's
// entry chunk and its static imports, then the router's lazy route module(s)
// and theirs. Used twice: scripts/bundle-budget.mjs weighs it against a
// budget, and the build (vite.config.ts) writes the route's own files to
// .vite/first-visit.json so the server can name them in that route's HTML
// (modulepreload), sparing the browser a round trip after the entry runs.

// Budgets are kB (1000 bytes) of gzip JavaScript; see bundle-budget.mjs.
// A signed-in page loads its login guard (a lazy route of its own) with it.
const GUARD = "components/require-auth.tsx";

/** @type {import("./first-visit.d.mts").FirstVisitRoute[]} */
export const ROUTES = [
  {
    name: "home",
    path: "/",
    // The home page is the front door, so its code is part of the entry rather
    // than a lazy route of its own (src/client/router.tsx): a first visit to it
    // downloads four scripts, not twelve, and the small ones it shared with
    // other pages no longer each pay gzip's per-file overhead (121.9 kB as a
    // lazy route, 119.7 kB in the entry with TanStack's infinite lists out of
    // the framework chunk, vite.config.ts; the other pages' first visits moved
    // by -0.8 to +1.1 kB). Its budget is issue 16's target.
    modules: [],
    // The hero's picture is the largest thing on the first screen: fetch it with the code.
    images: ["/images/hero.svg"],
    jsBudget: 120,
  },
  { name: "login", path: "/login", modules: ["routes/login.tsx"], jsBudget: 175 },
  {
    name: "registration",
    path: "/registration",
    modules: ["routes/registration.tsx"],
    jsBudget: 175,
  },
  { name: "blog", path: "/blog", modules: ["routes/blog.tsx"], jsBudget: 135 },
  {
    name: "dashboard",
    path: "/dashboard",
    // The layout route and its index child load together.
    modules: [GUARD, "routes/dashboard.tsx", "routes/dashboard-bookings.tsx"],
    jsBudget: 140,
  },
  // 153 kB until the filter schemas (zod) left its first load: they load beside the page.
  {
    name: "category page",
    path: "/title/:id",
    modules: [GUARD, "routes/category-bikes.tsx"],
    jsBudget: 140,
  },
  { name: "search", path: "/bikes", modules: [GUARD, "routes/search.tsx"], jsBudget: 175 },
  { name: "bike page", path: "/bikes/:id", modules: [GUARD, "routes/bike.tsx"], jsBudget: 145 },
];

/** The manifest's entry chunk (index.html's script). */
export function entryKey(manifest) {
  return Object.keys(manifest).find((key) => manifest[key]?.isEntry);
}

/**
 * Chunks with everything they import statically (not their dynamic imports),
 * as built files. Throws for a key the manifest doesn't know.
 */
export function closure(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no entry for ${key}: did the route move?`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * Per route, what its HTML can ask for up front beyond what index.html already
 * names: its own chunks (JS and CSS) as URLs, and its first screen's images.
 * @returns {import("./first-visit.d.mts").RoutePreloads[]}
 */
export function routePreloads(manifest) {
  const key = entryKey(manifest);
  const entry = key ? closure(manifest, [key]) : new Set();
  return ROUTES.map((route) => ({
    path: route.path,
    scripts: [...closure(manifest, route.modules)]
      .filter((file) => !entry.has(file) && file.endsWith(".js"))
      .map((file) => `/${file}`),
    styles: [...closure(manifest, route.modules)]
      .filter((file) => !entry.has(file) && file.endsWith(".css"))
      .map((file) => `/${file}`),
    images: route.images ?? [],
  }));
}
