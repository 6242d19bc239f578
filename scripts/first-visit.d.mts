// Types for first-visit.mjs, which vite.config.ts imports.
export interface FirstVisitRoute {
  name: string;
  /** A react-router path: `:name` segments match any one segment. */
  path: string;
  /** Manifest keys (paths under src/client) of the lazy route modules a visit loads. */
  modules: string[];
  images?: string[];
  /** kB of gzip JavaScript a first visit may download. */
  jsBudget: number;
}
export interface RoutePreloads {
  path: string;
  scripts: string[];
  styles: string[];
  images: string[];
}
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export const ROUTES: FirstVisitRoute[];
export function entryKey(manifest: Record<string, ManifestChunk>): string | undefined;
export function closure(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string>;
export function routePreloads(manifest: Record<string, ManifestChunk>): RoutePreloads[];
