/** A wheel seen from the left: tyre, rim, spokes, brake disc and caliper. */
import { band, polar } from "./geometry";
import type { WheelStyle } from "./models";
import { STEEL, TYRE } from "./parts";
import { circle, el, g, line, num, type Point, poly } from "./svg";

export function wheel(c: Point, r: number, o: WheelStyle & { front: boolean }) {
  const rimR = r * 0.74;
  const tyreW = r - rimR;
  let s = circle(c[0], c[1], (r + rimR) / 2, {
    fill: "none",
    stroke: TYRE,
    "stroke-width": tyreW,
  });
  s += circle(c[0], c[1], r - tyreW * 0.28, { fill: "none", stroke: "#33363d", "stroke-width": 2 });
  s += circle(c[0], c[1], rimR - 3, { fill: "none", stroke: o.rim, "stroke-width": 6 });
  const hubR = r * 0.15;
  let spokes = "";
  if (o.type === "wire") {
    for (let i = 0; i < 32; i++) {
      const a = (i * 360) / 32;
      spokes += line(polar(c, hubR * 0.8, a + (i % 2 ? 14 : -14)), polar(c, rimR - 5, a));
    }
    s += g({ stroke: o.spoke ?? STEEL, "stroke-width": 1.6 }, spokes);
  } else {
    const k = o.type === "cast3" ? 3 : o.type === "cast6" ? 6 : 5;
    for (let i = 0; i < k; i++) {
      const a = o.phase ?? -90;
      const ang = a + (i * 360) / k;
      if (o.type === "cast3") {
        // split Y-spokes
        const mid = polar(c, r * 0.36, ang);
        spokes += poly(band(polar(c, hubR * 0.6, ang), mid, 11, 9));
        spokes += poly(band(mid, polar(c, rimR - 4, ang - 11), 7, 5));
        spokes += poly(band(mid, polar(c, rimR - 4, ang + 11), 7, 5));
      } else {
        spokes += poly(band(polar(c, hubR * 0.6, ang), polar(c, rimR - 4, ang), 10, 6));
      }
    }
    s += g({ fill: o.rim }, spokes);
  }
  const discR = o.front ? r * 0.52 : r * 0.38;
  s += circle(c[0], c[1], discR, {
    fill: "none",
    stroke: "#b9bfc7",
    "stroke-width": o.front ? 11 : 9,
  });
  let holes = "";
  for (let i = 0; i < 14; i++) {
    const h = polar(c, discR, (i * 360) / 14 + 6);
    holes += circle(h[0], h[1], 1.6);
  }
  s += g({ fill: "#7f8690" }, holes);
  s += circle(c[0], c[1], hubR, { fill: "#9ea5ae" });
  s += circle(c[0], c[1], hubR * 0.45, { fill: "#5b616a" });
  const calAng = o.front ? 208 : 128;
  const cal = polar(c, discR, calAng);
  s += g(
    { transform: `rotate(${num(calAng + 90)} ${num(cal[0])} ${num(cal[1])})` },
    el("rect", {
      x: cal[0] - 15,
      y: cal[1] - 8,
      width: 30,
      height: 16,
      rx: 6,
      fill: o.caliper ?? "#3a3d44",
    }),
  );
  return s;
}
