/** Motorcycle parts. The bike faces right; we see its left side. */
import { angleOf, arc, band, darken, lerp, lighten, polar, rad } from "./geometry";
import type { ForkStyle } from "./models";
import { circle, el, line, num, type Point, path, poly } from "./svg";

export const TYRE = "#1c1d21";
export const STEEL = "#c9ced6";
export const ENGINE = "#30343b";
export const ENGINE_MID = "#4a505a";
export const RUBBER = "#1f2024";

export function fork(F: Point, head: Point, o: ForkStyle) {
  const at = (t: number) => lerp(F, head, t);
  const top = at(1.06);
  const thick = o.usd ? ([9, 15] as const) : ([15, 9] as const);
  const colors = o.usd ? ([STEEL, o.color] as const) : ([o.color, STEEL] as const);
  let s = line(F, at(0.58), {
    stroke: colors[0],
    "stroke-width": thick[0],
    "stroke-linecap": "round",
  });
  s += line(at(o.usd ? 0.46 : 0.5), top, {
    stroke: colors[1],
    "stroke-width": thick[1],
    "stroke-linecap": "round",
  });
  if (o.boots) s += poly(band(at(0.5), at(0.62), 17, 16), { fill: "#2a2c31" });
  s += circle(F[0], F[1], 9, { fill: "#8a919b" });
  s += poly(band(at(0.82), at(0.9), 22), { fill: "#3b3f46" });
  s += poly(band(at(1.0), at(1.07), 22), { fill: "#3b3f46" });
  return s;
}

export function fender(c: Point, r: number, from: number, to: number, color: string, w = 10) {
  return path(arc(c, r, from, to), {
    fill: "none",
    stroke: color,
    "stroke-width": w,
    "stroke-linecap": "round",
  });
}

export function swingarm(pivot: Point, axle: Point, color: string) {
  let s = poly(band(pivot, axle, 28, 16), { fill: color, "stroke-linejoin": "round" });
  s += poly(band(lerp(pivot, axle, 0.12), lerp(pivot, axle, 0.85), 9, 5), {
    fill: darken(color, 0.25),
    opacity: 0.5,
  });
  s += circle(pivot[0], pivot[1], 9, { fill: "#5d636c" });
  return s;
}

export function chain(front: Point, rear: Point, rr: number) {
  const fr = 11;
  return (
    circle(rear[0], rear[1], rr - 3, { fill: "none", stroke: "#3d4148", "stroke-width": 6 }) +
    path(
      `M${front[0]} ${front[1] - fr} L${rear[0]} ${rear[1] - rr} A${rr} ${rr} 0 0 0 ${rear[0]} ${rear[1] + rr} L${front[0]} ${front[1] + fr} A${fr} ${fr} 0 0 0 ${front[0]} ${front[1] - fr}`,
      { fill: "none", stroke: "#4b4f57", "stroke-width": 4 },
    )
  );
}

export function shock(a: Point, b: Point, spring: string) {
  let s = line(a, b, { stroke: "#6f7680", "stroke-width": 8, "stroke-linecap": "round" });
  const coils = 7;
  let d = "";
  const ang = rad(angleOf(a, b) + 90);
  for (let i = 0; i <= coils; i++) {
    const p = lerp(a, b, 0.18 + (i / coils) * 0.64);
    const off = i % 2 ? 9 : -9;
    d += `${i ? "L" : "M"}${num(p[0] + Math.cos(ang) * off)} ${num(p[1] + Math.sin(ang) * off)} `;
  }
  s += path(d, { fill: "none", stroke: spring, "stroke-width": 4, "stroke-linejoin": "round" });
  return s;
}

export function cylinder(
  base: Point,
  angle: number,
  len: number,
  w: number,
  fins: number,
  color: string,
  finColor: string,
) {
  const tip = polar(base, len, angle);
  let s = poly(band(base, tip, w, w * 1.06), { fill: color });
  for (let i = 1; i <= fins; i++) {
    const p = polar(base, (len * i) / (fins + 1), angle);
    const q = polar(p, w * 0.55, angle + 90);
    const r = polar(p, w * 0.55, angle - 90);
    s += line(q, r, { stroke: finColor, "stroke-width": 3, "stroke-linecap": "round" });
  }
  return { s, tip };
}
export function pipe(d: string, w: number, color = "#70757d") {
  return (
    path(d, {
      fill: "none",
      stroke: darken(color, 0.3),
      "stroke-width": w + 3,
      "stroke-linecap": "round",
    }) + path(d, { fill: "none", stroke: color, "stroke-width": w, "stroke-linecap": "round" })
  );
}

export function muffler(p: Point, q: Point, w: number, color: string, tip = "#2b2d31") {
  let s = poly(band(p, q, w, w * 0.92), { fill: color, "stroke-linejoin": "round" });
  s += poly(band(lerp(p, q, 0.1), lerp(p, q, 0.8), w * 0.35, w * 0.3), {
    fill: lighten(color, 0.35),
    opacity: 0.6,
  });
  s += poly(band(q, polar(q, 10, angleOf(p, q)), w * 0.92, w * 0.7), { fill: tip });
  return s;
}

export function mirror(base: Point, top: Point, color: string) {
  return (
    line(base, top, { stroke: "#2a2c30", "stroke-width": 4, "stroke-linecap": "round" }) +
    el("ellipse", {
      cx: top[0] + 6,
      cy: top[1] - 3,
      rx: 14,
      ry: 7,
      fill: color,
      transform: `rotate(-12 ${num(top[0] + 6)} ${num(top[1] - 3)})`,
    })
  );
}

export function grip(p: Point, q: Point) {
  return line(p, q, { stroke: RUBBER, "stroke-width": 10, "stroke-linecap": "round" });
}

export function peg(p: Point) {
  return (
    poly(band(p, [p[0] - 16, p[1] + 2], 7), { fill: "#3a3d44" }) +
    circle(p[0], p[1], 5, { fill: "#7b828c" })
  );
}
