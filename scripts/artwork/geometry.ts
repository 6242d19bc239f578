/** Points, angles (degrees) and colours for the drawings. */
import { num, type Point } from "./svg";

export const rad = (deg: number) => (deg * Math.PI) / 180;
export const polar = (c: Point, r: number, deg: number): Point => [
  c[0] + r * Math.cos(rad(deg)),
  c[1] + r * Math.sin(rad(deg)),
];
export const lerp = (a: Point, b: Point, t: number): Point => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
];
export const angleOf = (a: Point, b: Point) =>
  (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
export const dist = (a: Point, b: Point) => Math.hypot(b[0] - a[0], b[1] - a[1]);

export function arc(c: Point, r: number, from: number, to: number) {
  const a = polar(c, r, from);
  const b = polar(c, r, to);
  const large = Math.abs(to - from) > 180 ? 1 : 0;
  const sweep = to > from ? 1 : 0;
  return `M${num(a[0])} ${num(a[1])} A${num(r)} ${num(r)} 0 ${large} ${sweep} ${num(b[0])} ${num(b[1])}`;
}

/** A band of width w0 (at p) to w1 (at q), as a polygon. */
export function band(p: Point, q: Point, w0: number, w1 = w0): Point[] {
  const a = rad(angleOf(p, q) + 90);
  const n = [Math.cos(a), Math.sin(a)] as const;
  return [
    [p[0] + (n[0] * w0) / 2, p[1] + (n[1] * w0) / 2],
    [q[0] + (n[0] * w1) / 2, q[1] + (n[1] * w1) / 2],
    [q[0] - (n[0] * w1) / 2, q[1] - (n[1] * w1) / 2],
    [p[0] - (n[0] * w0) / 2, p[1] - (n[1] * w0) / 2],
  ];
}

const rgb = (c: string) =>
  [0, 2, 4].map((i) => Number.parseInt(c.replace("#", "").slice(i, i + 2), 16));

function mix(a: string, b: string, t: number) {
  const y = rgb(b);
  const channels = rgb(a).map((v, i) => Math.round(v + ((y[i] ?? v) - v) * t));
  return `#${channels.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}
export const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
export const darken = (c: string, t: number) => mix(c, "#000000", t);
