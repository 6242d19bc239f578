// Types for precompress.mjs, which vite.config.ts imports.
export interface PrecompressTotals {
  files: number;
  bytes: number;
  brotli: number;
  gzip: number;
}
export function precompress(dir: string): PrecompressTotals;
export function describeTotals(totals: PrecompressTotals): string;
