/** A bike picture: the drawn bike on a soft backdrop with its shadow on the ground. */
import { advBike } from "./adventure";
import { ktm } from "./catalogue/ktm";
import { suzuki } from "./catalogue/suzuki";
import { yamaha } from "./catalogue/yamaha";
import { cruiserBike } from "./cruiser";
import { darken } from "./geometry";
import type { BikeModel } from "./models";
import { sportBike } from "./sport";
import { el, linear, radial, svgDoc } from "./svg";

export const bikes: BikeModel[] = [...suzuki, ...yamaha, ...ktm];

function draw(m: BikeModel, id: string) {
  if (m.style === "adv") return advBike(m);
  if (m.style === "cruiser") return cruiserBike(m);
  return sportBike(m, id);
}

export function bikeSvg(m: BikeModel) {
  // gradient ids stay unique when several pictures share one page
  const id = m.slug.replace(/[^a-z0-9]/g, "").slice(0, 10);
  const built = draw(m, id);
  const G = built.G;
  const [top, bottom] = m.bg;
  const defs =
    linear(`${id}b`, [
      [0, top],
      [1, bottom],
    ]) +
    radial(`${id}s`, [
      [0, "#0f172a", 0.38],
      [0.6, "#0f172a", 0.14],
      [1, "#0f172a", 0],
    ]) +
    radial(`${id}g`, [
      [0, "#ffffff", 0.85],
      [1, "#ffffff", 0],
    ]);
  let bg = el("rect", { width: 800, height: 600, fill: `url(#${id}b)` });
  bg += el("ellipse", { cx: 420, cy: 250, rx: 380, ry: 240, fill: `url(#${id}g)` });
  bg += el("rect", { y: G.ground, width: 800, height: 600 - G.ground, fill: darken(bottom, 0.04) });
  bg += el("rect", { y: G.ground, width: 800, height: 3, fill: darken(bottom, 0.1) });
  const midX = (G.R[0] + G.F[0]) / 2;
  bg += el("ellipse", { cx: midX, cy: G.ground + 2, rx: 330, ry: 26, fill: `url(#${id}s)` });
  return svgDoc(800, 600, m.label, defs, bg + built.s);
}
