/**
 * npm run artwork: writes ReRide's shipped artwork into public/ — the hero,
 * the category wordmarks, the bike pictures, the app icon (SVG) and its PNG
 * sizes. All original drawings, no fonts needed; the same on every run.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bikeSvg, bikes } from "./bikes";
import { heroSvg } from "./hero";
import { iconSvg } from "./icon";
import { logoSvg, logos } from "./logos";
import { renderPng } from "./render-png";

const root = path.resolve(import.meta.dirname, "../..");
const out = (rel: string) => path.join(root, "public", rel);

function write(rel: string, content: string) {
  const file = out(rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

const written = [write("images/hero.svg", heroSvg())];
for (const l of logos) written.push(write(`images/logos/${l.file}.svg`, logoSvg(l)));
for (const b of bikes) written.push(write(`images/bikes/${b.slug}.svg`, bikeSvg(b)));
written.push(write("icons/icon.svg", iconSvg("any")));

written.push(await renderPng(iconSvg("any"), 192, out("icons/icon-192.png")));
written.push(await renderPng(iconSvg("any"), 512, out("icons/icon-512.png")));
// maskable: full bleed, mark well inside the central 80% safe zone
written.push(await renderPng(iconSvg("full", 0.8), 512, out("icons/maskable-512.png")));
// iOS masks the corners itself and shows transparency as black: full bleed
written.push(await renderPng(iconSvg("full", 0.86), 180, out("icons/apple-touch-icon.png")));

for (const f of written) console.log(`wrote ${path.relative(root, f)}`);
