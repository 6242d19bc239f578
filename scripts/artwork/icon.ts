/** The app icon: an orange tyre with tread notches around a white "R". */
import { polar } from "./geometry";
import { lettering } from "./lettering";
import { INDIGO, ORANGE } from "./palette";
import { circle, el, g, line, num, type Point, path, svgDoc } from "./svg";

function iconMark(k = 1) {
  const c: Point = [256, 256];
  let s = circle(256, 256, 150, { fill: "none", stroke: ORANGE, "stroke-width": 40 });
  let notches = "";
  for (let i = 0; i < 12; i++) {
    const a = i * 30 + 15;
    notches += line(polar(c, 160, a), polar(c, 172, a));
  }
  s += g({ stroke: INDIGO, "stroke-width": 8, "stroke-linecap": "round" }, notches);
  const rk = 3.3;
  const w = (38 + 48 * 0.2) * rk;
  s += path(lettering("R", 256 - w / 2 + 4, 256 - 24 * rk, rk), {
    fill: "#fff",
    "fill-rule": "evenodd",
  });
  if (k === 1) return s;
  return g({ transform: `translate(${num(256 * (1 - k))} ${num(256 * (1 - k))}) scale(${k})` }, s);
}

/** variant: "any" (rounded tile, transparent corners) or "full" (full-bleed background). */
export function iconSvg(variant: "any" | "full" = "any", k = 1) {
  const bg =
    variant === "full"
      ? el("rect", { width: 512, height: 512, fill: INDIGO })
      : el("rect", { width: 512, height: 512, rx: 112, fill: INDIGO });
  return svgDoc(512, 512, "ReRide", "", bg + iconMark(k));
}
