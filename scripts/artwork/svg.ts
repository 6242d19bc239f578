/** SVG markup builders: small strings, numbers rounded to one decimal. */

export type Point = [number, number];
type AttrValue = string | number | boolean | undefined;
export type Attrs = Record<string, AttrValue>;
/** A gradient stop: offset, colour and optional opacity. */
export type Stop = [number, string, number?];

export const num = (v: number) => String(Math.round(v * 10) / 10);

function attrs(a: Attrs) {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined && v !== false)
    .map(([k, v]) => ` ${k}="${typeof v === "number" ? num(v) : v}"`)
    .join("");
}

export const el = (tag: string, a: Attrs = {}, inner?: string) =>
  inner === undefined ? `<${tag}${attrs(a)}/>` : `<${tag}${attrs(a)}>${inner}</${tag}>`;
const clean = (d: string) =>
  d
    .replace(/\s+/g, " ")
    .replace(/-?\d+\.\d+/g, (m) => num(Number(m)))
    .trim();
export const path = (d: string, a: Attrs = {}) => el("path", { d: clean(d), ...a });
export const circle = (cx: number, cy: number, r: number, a: Attrs = {}) =>
  el("circle", { cx, cy, r, ...a });
export const line = (p: Point, q: Point, a: Attrs = {}) =>
  el("line", { x1: p[0], y1: p[1], x2: q[0], y2: q[1], ...a });
export const g = (a: Attrs, inner: string) => el("g", a, inner);
export const poly = (pts: Point[], a: Attrs = {}) =>
  path(`M${pts.map((p) => `${num(p[0])} ${num(p[1])}`).join(" L")}Z`, a);

const stops = (list: Stop[]) =>
  list.map(([o, c, op]) => el("stop", { offset: o, "stop-color": c, "stop-opacity": op })).join("");

export const linear = (id: string, list: Stop[], x2 = 0, y2 = 1) =>
  el("linearGradient", { id, x1: 0, y1: 0, x2, y2 }, stops(list));
export const radial = (id: string, list: Stop[]) => el("radialGradient", { id }, stops(list));

export function svgDoc(w: number, h: number, label: string, defs: string, body: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${label}">${defs ? `<defs>${defs}</defs>` : ""}${body}</svg>\n`;
}
