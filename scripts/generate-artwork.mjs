#!/usr/bin/env node
/**
 * Generates ReRide's shipped artwork: category wordmarks, bike pictures, the hero
 * illustration and the app icon (SVG). All original drawings, no fonts needed.
 *
 *   node scripts/generate-artwork.mjs          # write the SVGs
 *   node scripts/generate-artwork.mjs --png    # also render the icon PNGs with Chromium
 *
 * Plain Node, no dependencies. PNG rendering needs /usr/bin/chromium (Debian package
 * "chromium"); set CHROMIUM=/path/to/binary to use another one.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const out = (...p) => join(root, "public", ...p);

// ---------------------------------------------------------------------------
// SVG helpers

const num = (v) => String(Math.round(v * 10) / 10);

function attrs(a) {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => ` ${k}="${typeof v === "number" ? num(v) : v}"`)
    .join("");
}

const el = (tag, a = {}, inner) =>
  inner === undefined ? `<${tag}${attrs(a)}/>` : `<${tag}${attrs(a)}>${inner}</${tag}>`;
const clean = (d) =>
  d
    .replace(/\s+/g, " ")
    .replace(/-?\d+\.\d+/g, (m) => num(Number(m)))
    .trim();
const path = (d, a = {}) => el("path", { d: clean(d), ...a });
const circle = (cx, cy, r, a = {}) => el("circle", { cx, cy, r, ...a });
const line = (p, q, a = {}) => el("line", { x1: p[0], y1: p[1], x2: q[0], y2: q[1], ...a });
const g = (a, inner) => el("g", a, inner);
const poly = (pts, a = {}) => path(`M${pts.map((p) => `${num(p[0])} ${num(p[1])}`).join(" L")}Z`, a);

const rad = (deg) => (deg * Math.PI) / 180;
const polar = (c, r, deg) => [c[0] + r * Math.cos(rad(deg)), c[1] + r * Math.sin(rad(deg))];
const lerp = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const angleOf = (a, b) => (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
const dist = (a, b) => Math.hypot(b[0] - a[0], b[1] - a[1]);

function arc(c, r, from, to) {
  const a = polar(c, r, from);
  const b = polar(c, r, to);
  const large = Math.abs(to - from) > 180 ? 1 : 0;
  const sweep = to > from ? 1 : 0;
  return `M${num(a[0])} ${num(a[1])} A${num(r)} ${num(r)} 0 ${large} ${sweep} ${num(b[0])} ${num(b[1])}`;
}

/** A band of width w0 (at p) to w1 (at q), as a polygon. */
function band(p, q, w0, w1 = w0) {
  const a = rad(angleOf(p, q) + 90);
  const n = [Math.cos(a), Math.sin(a)];
  return [
    [p[0] + (n[0] * w0) / 2, p[1] + (n[1] * w0) / 2],
    [q[0] + (n[0] * w1) / 2, q[1] + (n[1] * w1) / 2],
    [q[0] - (n[0] * w1) / 2, q[1] - (n[1] * w1) / 2],
    [p[0] - (n[0] * w0) / 2, p[1] - (n[1] * w0) / 2],
  ];
}

function hex(c) {
  const v = c.replace("#", "");
  return [0, 2, 4].map((i) => Number.parseInt(v.slice(i, i + 2), 16));
}
function mix(a, b, t) {
  const x = hex(a);
  const y = hex(b);
  return `#${x
    .map((v, i) =>
      Math.round(v + (y[i] - v) * t)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}
const lighten = (c, t) => mix(c, "#ffffff", t);
const darken = (c, t) => mix(c, "#000000", t);

function linear(id, stops, x2 = 0, y2 = 1) {
  return el(
    "linearGradient",
    { id, x1: 0, y1: 0, x2, y2 },
    stops.map(([o, c, op]) => el("stop", { offset: o, "stop-color": c, "stop-opacity": op })).join(""),
  );
}
function radial(id, stops) {
  return el(
    "radialGradient",
    { id },
    stops.map(([o, c, op]) => el("stop", { offset: o, "stop-color": c, "stop-opacity": op })).join(""),
  );
}

function svgDoc(w, h, label, defs, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${label}">${defs ? `<defs>${defs}</defs>` : ""}${body}</svg>\n`;
}

// ---------------------------------------------------------------------------
// Motorcycle parts. The bike faces right; we see its left side.

const TYRE = "#1c1d21";
const METAL = "#aab1ba";
const STEEL = "#c9ced6";
const ENGINE = "#30343b";
const ENGINE_MID = "#4a505a";
const RUBBER = "#1f2024";

function wheel(c, r, o) {
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

function fork(F, head, o) {
  const len = dist(F, head);
  const dir = [(head[0] - F[0]) / len, (head[1] - F[1]) / len];
  const at = (t) => [F[0] + dir[0] * len * t, F[1] + dir[1] * len * t];
  const top = at(1.06);
  const thick = o.usd ? [9, 15] : [15, 9];
  const colors = o.usd ? [STEEL, o.color] : [o.color, STEEL];
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

function fender(c, r, from, to, color, w = 10) {
  return path(arc(c, r, from, to), {
    fill: "none",
    stroke: color,
    "stroke-width": w,
    "stroke-linecap": "round",
  });
}

function swingarm(pivot, axle, color) {
  let s = poly(band(pivot, axle, 28, 16), { fill: color, "stroke-linejoin": "round" });
  s += poly(band(lerp(pivot, axle, 0.12), lerp(pivot, axle, 0.85), 9, 5), {
    fill: darken(color, 0.25),
    opacity: 0.5,
  });
  s += circle(pivot[0], pivot[1], 9, { fill: "#5d636c" });
  return s;
}

function chain(front, rear, rr) {
  const fr = 11;
  return path(
    `M${front[0]} ${front[1] - fr} L${rear[0]} ${rear[1] - rr} A${rr} ${rr} 0 0 0 ${rear[0]} ${rear[1] + rr} L${front[0]} ${front[1] + fr} A${fr} ${fr} 0 0 0 ${front[0]} ${front[1] - fr}`,
    { fill: "none", stroke: "#4b4f57", "stroke-width": 4 },
  );
}

function shock(a, b, spring) {
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

function cylinder(base, angle, len, w, fins, color, finColor) {
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

// Engine shared by the sport/naked/adventure chassis; placed by an offset.
function engineBlock(o, dx = 0, dy = 0) {
  let s = "";
  // radiator
  if (o.radiator !== false) {
    s += poly(
      [
        [503, 250],
        [542, 262],
        [530, 342],
        [493, 332],
      ],
      { fill: "#23262b" },
    );
    let grid = "";
    for (let i = 0; i < 7; i++) {
      const t = (i + 0.5) / 7;
      grid += line(lerp([503, 250], [493, 332], t), lerp([542, 262], [530, 342], t));
    }
    s += g({ stroke: "#3d424a", "stroke-width": 2 }, grid);
  }
  // crankcase
  s += path(
    "M372 338 C368 306 396 292 430 296 L474 300 L496 344 L492 398 C486 426 446 436 404 430 C376 425 366 404 372 338Z",
    { fill: o.color ?? ENGINE },
  );
  const cyl = cylinder(
    [462, 330],
    o.twin ? -68 : -64,
    o.twin ? 52 : 46,
    o.twin ? 64 : 54,
    o.fins ?? 4,
    o.cylColor ?? ENGINE_MID,
    o.finColor ?? "#2a2d33",
  );
  s += cyl.s;
  s += poly(band(cyl.tip, polar(cyl.tip, 16, o.twin ? -68 : -64), o.twin ? 68 : 58, o.twin ? 56 : 48), {
    fill: o.headColor ?? "#5a616b",
  });
  // covers
  s += el("ellipse", {
    cx: 414,
    cy: 384,
    rx: 34,
    ry: 31,
    fill: o.cover ?? "#5a606a",
    stroke: o.coverEdge ?? "#7d848e",
    "stroke-width": 3,
  });
  s += el("ellipse", { cx: 414, cy: 384, rx: 17, ry: 15, fill: "none", stroke: "#3c4148", "stroke-width": 2 });
  s += circle(470, 395, 13, { fill: "#444a52" });
  if (dx || dy) return g({ transform: `translate(${dx} ${dy})` }, s);
  return s;
}

function pipe(d, w, color = "#8e949c") {
  return (
    path(d, { fill: "none", stroke: darken(color, 0.3), "stroke-width": w + 3, "stroke-linecap": "round" }) +
    path(d, { fill: "none", stroke: color, "stroke-width": w, "stroke-linecap": "round" })
  );
}

function muffler(p, q, w, color, tip = "#2b2d31") {
  let s = poly(band(p, q, w, w * 0.92), { fill: color, "stroke-linejoin": "round" });
  s += poly(band(lerp(p, q, 0.1), lerp(p, q, 0.8), w * 0.35, w * 0.3), {
    fill: lighten(color, 0.35),
    opacity: 0.6,
  });
  s += poly(band(q, polar(q, 10, angleOf(p, q)), w * 0.92, w * 0.7), { fill: tip });
  return s;
}

function mirror(base, top, color) {
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

function grip(p, q) {
  return line(p, q, { stroke: RUBBER, "stroke-width": 10, "stroke-linecap": "round" });
}

function peg(p) {
  return poly(band(p, [p[0] - 16, p[1] + 2], 7), { fill: "#3a3d44" }) + circle(p[0], p[1], 5, { fill: "#7b828c" });
}

// ---------------------------------------------------------------------------
// Chassis builders

const SPORT = {
  ground: 488,
  R: [232, 388],
  rr: 100,
  F: [590, 388],
  fr: 100,
  head: [530, 204],
  pivot: [382, 350],
};

function sportBike(m) {
  const G = SPORT;
  const body = m.body;
  const body2 = m.body2;
  const naked = m.style === "naked";
  const full = m.style === "full";
  let s = "";

  // back: swingarm, chain, rear wheel, shock
  if (naked) s += shock([330, 352], [372, 268], m.spring ?? "#d23a2a");
  s += chain([390, 352], G.R, 27);
  s += wheel(G.R, G.rr, { ...m.wheel, front: false });
  s += swingarm(G.pivot, G.R, m.swingarm ?? "#3a3e45");
  s += fender(G.R, G.rr + 6, 220, 262, "#232529", 9);

  // front wheel + fork
  s += wheel(G.F, G.fr, { ...m.wheel, front: true });
  s += fork(G.F, G.head, m.fork);
  s += fender(G.F, G.fr + 6, 222, 292, m.fenderColor ?? body, 11);

  // engine + frame
  s += engineBlock({ ...m.engine, radiator: !full });
  if (m.frame.type === "trellis") {
    const fc = m.frame.color;
    const tubes = [
      [
        [530, 222],
        [470, 250],
        [408, 290],
        [384, 342],
      ],
      [
        [542, 256],
        [486, 300],
        [436, 318],
      ],
      [
        [470, 250],
        [486, 300],
        [430, 285],
        [436, 318],
        [408, 290],
      ],
      [
        [410, 272],
        [250, 236],
      ],
      [
        [392, 318],
        [320, 300],
        [252, 240],
      ],
      [
        [320, 300],
        [330, 262],
      ],
    ];
    s += g(
      { fill: "none", stroke: fc, "stroke-width": 7, "stroke-linejoin": "round", "stroke-linecap": "round" },
      tubes.map((t) => path(`M${t.map((p) => p.join(" ")).join(" L")}`)).join(""),
    );
  } else {
    s += path("M522 214 L548 262 L440 318 L404 360 L374 346 L398 294Z", {
      fill: m.frame.color,
      "stroke-linejoin": "round",
    });
    s += path("M522 226 L452 290", { stroke: lighten(m.frame.color, 0.25), "stroke-width": 4 });
    if (naked)
      s += path("M404 270 L252 238 M392 300 L300 290 L252 244", {
        fill: "none",
        stroke: darken(m.frame.color, 0.2),
        "stroke-width": 7,
        "stroke-linecap": "round",
      });
  }

  // exhaust
  s += exhaustSport(m);

  // seat, tail
  const tail =
    m.tail === "duke"
      ? "M404 248 L318 250 L232 232 L170 196 L168 212 C210 238 262 268 330 300 L392 300Z"
      : "M404 248 L310 252 L240 238 L166 210 L166 224 C210 242 266 272 336 306 L396 298Z";
  s += path(tail, { fill: m.tailColor ?? body });
  if (m.tailAccent) s += path("M330 262 L238 244 L196 228 L206 246 L300 276Z", { fill: m.tailAccent });
  s += path(m.tail === "duke" ? "M170 196 L160 200 L164 212 L168 212Z" : "M166 210 L156 212 L158 224 L166 224Z", {
    fill: "#e0322f",
  });
  // plate hanger
  s += path("M214 250 L196 298", { stroke: "#2a2c30", "stroke-width": 6, "stroke-linecap": "round" });
  s += el("rect", { x: 176, y: 292, width: 36, height: 24, rx: 3, fill: "#f4f4f2", stroke: "#2a2c30", "stroke-width": 2 });
  s += line([204, 262], [186, 268], { stroke: "#f59e0b", "stroke-width": 6, "stroke-linecap": "round" });
  // seats
  s += path("M300 238 C340 236 380 232 408 224 L414 238 C384 248 340 252 304 252Z", { fill: m.seat ?? RUBBER });
  if (m.tail === "duke") s += path("M238 226 L296 236 L300 248 L242 238Z", { fill: m.seat ?? RUBBER });
  else if (full) s += path("M236 226 L300 232 L300 244 L240 240Z", { fill: m.pillion ?? m.seat ?? RUBBER });
  else s += path("M240 230 L300 236 L302 250 L244 242Z", { fill: m.seat ?? RUBBER });

  s += peg([378, 328]);
  s += peg([306, 318]);

  // tank
  const tank = naked
    ? "M402 236 C414 196 452 182 496 184 C522 186 538 198 544 220 L530 262 C488 272 444 272 408 262Z"
    : "M404 234 C418 202 452 190 492 192 C516 194 532 204 540 222 L524 262 C484 270 442 268 408 262Z";
  s += path(tank, { fill: m.tankColor ?? body });
  s += path(naked ? "M420 214 C440 196 470 190 500 192" : "M424 216 C444 202 470 198 498 199", {
    fill: "none",
    stroke: "#ffffff",
    "stroke-opacity": 0.45,
    "stroke-width": 6,
    "stroke-linecap": "round",
  });
  if (m.tankAccent) s += path(m.tankAccent.d, { fill: m.tankAccent.color });

  if (naked) s += nakedFront(m);
  else s += faired(m, full);

  return { s, G };
}

function exhaustSport(m) {
  const ex = m.exhaust;
  const col = ex.color ?? "#8e949c";
  if (ex.type === "under") {
    let s = pipe("M508 322 C524 360 510 414 470 432 L430 438", 9);
    s += path("M470 420 L392 428 L384 452 L470 452 C484 446 486 426 470 420Z", { fill: ex.can ?? "#2c2f35" });
    s += el("ellipse", { cx: 388, cy: 440, rx: 6, ry: 10, fill: "#111" });
    return s;
  }
  if (ex.type === "stubby") {
    let s = pipe("M508 322 C524 360 512 412 470 430 L420 436", 9);
    s += muffler([430, 438], [350, 418], 34, ex.can ?? "#2c2f35", ex.tip ?? "#9aa0a8");
    return s;
  }
  // side: classic sport can rising behind the footpeg
  let s = pipe("M508 322 C524 362 512 414 468 432 L388 438 C362 438 350 428 344 418", 9);
  s += muffler([352, 410], [270, 352], 30, col, ex.tip ?? "#2b2d31");
  return s;
}

function faired(m, full) {
  const body = m.body;
  const body2 = m.body2 ?? body;
  let s = "";
  if (full) {
    // lower + side fairing
    s += path(
      "M646 262 C632 270 612 272 598 272 C566 282 524 300 504 330 C488 356 480 384 474 414 C468 438 446 450 420 450 L362 446 C352 438 350 420 354 404 C362 370 376 344 396 322 C420 296 448 280 476 272 L524 248 L548 224 L610 216 C628 226 640 244 646 262Z",
      { fill: body2 },
    );
    s += path(
      "M646 262 C632 270 612 272 598 272 C570 280 540 294 516 312 C496 300 470 292 440 292 C456 280 466 276 476 272 L524 248 L548 224 L610 216 C628 226 640 244 646 262Z",
      { fill: body },
    );
    if (m.fairingAccent) s += path(m.fairingAccent.d, { fill: m.fairingAccent.color });
    // vent
    s += path("M470 342 L520 318 L512 338 L464 360Z", { fill: darken(body2, 0.35) });
    s += path("M452 382 L496 368 L490 384 L448 396Z", { fill: darken(body2, 0.35) });
  } else {
    // half fairing: upper cowl + side panel, engine visible below
    s += path(
      "M646 262 C632 270 612 272 598 272 C566 282 530 298 508 322 C490 330 470 330 452 322 C462 300 472 282 480 272 L524 248 L548 224 L610 216 C628 226 640 244 646 262Z",
      { fill: body },
    );
    s += path("M598 272 C566 282 530 298 508 322 C490 330 470 330 452 322 L456 312 C480 316 500 308 520 296 C548 282 572 272 598 272Z", {
      fill: body2,
    });
    if (m.fairingAccent) s += path(m.fairingAccent.d, { fill: m.fairingAccent.color });
    s += path("M472 306 L520 286 L514 298 L468 316Z", { fill: darken(body, 0.35) });
  }
  // headlight + screen
  s += path(m.twinLight ? "M604 244 L640 252 L634 262 L602 256Z M598 230 L626 236 L624 244 L598 240Z" : "M600 246 L642 256 L636 266 L602 262Z", {
    fill: "#eaf6ff",
    stroke: "#9bd2ff",
    "stroke-width": 2,
  });
  s += path("M610 216 C598 196 574 180 546 174 L536 186 C556 192 574 204 584 220Z", {
    fill: m.screen ?? "#2b3a55",
    "fill-opacity": 0.82,
  });
  s += path("M600 210 C588 196 570 186 552 182", { fill: "none", stroke: "#ffffff", "stroke-opacity": 0.5, "stroke-width": 3 });
  s += grip([526, 214], [500, 210]);
  s += mirror([580, 214], [590, 196], darken(body, 0.3));
  return s;
}

function nakedFront(m) {
  const body = m.body;
  const shroud = m.shroud ?? m.body2 ?? body;
  let s = "";
  // radiator shroud
  s += path("M520 224 L566 244 L556 296 L508 320 L490 298 L500 262Z", { fill: shroud });
  if (m.shroudAccent) s += path("M528 248 L556 256 L550 284 L514 300Z", { fill: m.shroudAccent });
  // bars
  s += path("M540 206 L530 184 L506 178", { fill: "none", stroke: "#2a2c30", "stroke-width": 6, "stroke-linecap": "round", "stroke-linejoin": "round" });
  s += grip([512, 180], [494, 176]);
  s += mirror([532, 186], [546, 154], "#2a2c30");
  // headlight
  const h = m.head;
  if (h === "round") {
    s += path("M566 218 L604 210 L616 244 L596 270 L566 262Z", { fill: body });
    s += el("ellipse", { cx: 608, cy: 240, rx: 12, ry: 26, fill: "#eaf6ff", stroke: "#8c939c", "stroke-width": 4 });
  } else if (h === "mt") {
    s += path("M560 212 L598 208 L626 236 L614 268 L580 276 L562 254Z", { fill: "#26292e" });
    s += path("M578 218 L604 218 L620 236", { fill: "none", stroke: m.accent, "stroke-width": 5, "stroke-linecap": "round" });
    s += circle(610, 252, 9, { fill: "#eaf6ff", stroke: m.accent, "stroke-width": 3 });
    s += path("M572 206 L600 196 L606 210Z", { fill: body });
  } else {
    // angular "duke" style
    s += path("M560 206 L604 200 L630 240 L612 276 L572 270Z", { fill: m.headColor ?? body });
    s += path("M600 212 L622 240 L606 266 L596 262 L610 240 L592 214Z", { fill: "#eaf6ff" });
    s += path("M566 204 L598 184 L604 200Z", { fill: "#2d3036", "fill-opacity": 0.85 });
  }
  return s;
}

// ---------------------------------------------------------------------------
// Adventure chassis (taller, 21-inch front)

const ADV = {
  ground: 500,
  R: [222, 396],
  rr: 104,
  F: [616, 384],
  fr: 116,
  head: [540, 176],
  pivot: [384, 340],
};

function advBike(m) {
  const G = ADV;
  const body = m.body;
  const body2 = m.body2 ?? body;
  let s = "";
  s += shock([340, 346], [374, 258], m.spring ?? "#e86a10");
  s += chain([392, 342], G.R, 27);
  s += wheel(G.R, G.rr, { ...m.wheel, front: false });
  s += swingarm(G.pivot, G.R, m.swingarm ?? "#3a3e45");
  s += fender(G.R, G.rr + 8, 222, 262, "#232529", 9);
  s += wheel(G.F, G.fr, { ...m.wheel, front: true });
  s += fork(G.F, G.head, m.fork);
  s += fender(G.F, G.fr + 8, 232, 290, m.fenderColor ?? "#2a2c31", 10);

  s += engineBlock(m.engine, 0, -12);
  s += path("M372 420 L500 400 L514 360 L526 370 L508 420 L470 436 L384 438Z", { fill: m.bashColor ?? "#2b2e33" });
  // frame
  s += g(
    { fill: "none", stroke: m.frame.color, "stroke-width": 7, "stroke-linejoin": "round", "stroke-linecap": "round" },
    path("M534 196 L470 238 L406 280 L386 332 M546 238 L486 288 L432 306 M470 238 L486 288 L428 276 M404 262 L236 226 M392 310 L300 286 L240 232"),
  );

  // exhaust
  s += pipe("M500 310 C520 360 506 402 462 418 L380 424 C352 424 336 414 324 398", 9);
  if (!m.panniers) s += muffler([332, 390], [238, 312], 32, m.exhaustColor ?? "#3a3d43", "#1e1f23");

  // tail + seat
  s += path("M414 238 L300 240 L210 218 L160 196 L164 212 C200 230 260 260 330 292 L400 286Z", { fill: m.tailColor ?? body2 });
  s += path("M164 196 L154 198 L158 212 L164 212Z", { fill: "#e0322f" });
  s += path("M236 206 C300 210 360 214 418 214 L420 230 C360 234 300 232 240 224Z", { fill: m.seat ?? RUBBER });
  s += path("M200 246 L186 292", { stroke: "#2a2c30", "stroke-width": 6, "stroke-linecap": "round" });
  s += el("rect", { x: 166, y: 286, width: 36, height: 24, rx: 3, fill: "#f4f4f2", stroke: "#2a2c30", "stroke-width": 2 });
  s += peg([380, 322]);

  if (m.panniers) {
    s += path("M240 228 L176 212", { stroke: "#2a2c30", "stroke-width": 6 });
    s += el("rect", { x: 128, y: 238, width: 166, height: 122, rx: 14, fill: m.panniers });
    s += el("rect", { x: 128, y: 238, width: 166, height: 30, rx: 12, fill: darken(m.panniers, 0.25) });
    s += el("rect", { x: 140, y: 282, width: 142, height: 64, rx: 8, fill: "none", stroke: lighten(m.panniers, 0.2), "stroke-width": 3 });
    s += el("rect", { x: 196, y: 262, width: 30, height: 14, rx: 3, fill: "#9aa1ab" });
    s += muffler([318, 386], [262, 358], 26, m.exhaustColor ?? "#3a3d43", "#1e1f23");
  }

  // tank
  s += path("M410 232 C420 196 464 178 510 178 C534 180 550 192 556 212 L548 266 C500 282 448 282 412 268Z", { fill: m.tankColor ?? body });
  s += path("M426 210 C446 192 478 184 512 186", { fill: "none", stroke: "#fff", "stroke-opacity": 0.45, "stroke-width": 6, "stroke-linecap": "round" });
  if (m.tankAccent) s += path(m.tankAccent, { fill: m.tankAccentColor });
  // side panel / radiator shroud
  s += path("M540 210 L590 228 L584 282 L530 316 L500 302 L520 256Z", { fill: m.shroud ?? body });
  if (m.shroudAccent) s += path("M548 236 L580 246 L576 272 L536 294Z", { fill: m.shroudAccent });
  // front: fairing, beak, screen, light
  s += path("M552 196 L600 194 L640 236 L630 262 L596 270 L566 262 L548 222Z", { fill: m.noseColor ?? body });
  s += path("M604 250 L676 276 L668 290 L598 270Z", { fill: m.beak ?? body });
  s += path("M604 206 L632 236 L622 256 L600 250 L608 234Z", { fill: "#eaf6ff", stroke: "#9bd2ff", "stroke-width": 2 });
  s += path("M574 196 L556 118 L572 112 L604 198Z", { fill: m.screen ?? "#3a4a62", "fill-opacity": 0.8 });
  s += path("M576 190 L562 128", { stroke: "#fff", "stroke-opacity": 0.5, "stroke-width": 3 });
  // bars + hand guard
  s += path("M546 184 L536 164 L510 158", { fill: "none", stroke: "#2a2c30", "stroke-width": 6, "stroke-linecap": "round" });
  s += grip([516, 160], [496, 156]);
  s += path("M490 146 C500 140 518 144 524 156 L516 168 C508 158 498 156 488 160Z", { fill: m.guard ?? "#222428" });
  s += mirror([538, 160], [552, 128], "#2a2c30");
  return { s, G };
}

// ---------------------------------------------------------------------------
// Cruiser chassis (long, low, raked)

const CRUISER = {
  ground: 490,
  R: [200, 398],
  rr: 92,
  F: [632, 390],
  fr: 100,
  head: [552, 212],
  pivot: [372, 376],
};

function cruiserBike(m) {
  const G = CRUISER;
  const body = m.body;
  const chrome = m.chrome ?? "#c7ccd3";
  let s = "";
  s += chain([382, 378], G.R, 26);
  s += wheel(G.R, G.rr, { ...m.wheel, front: false });
  s += swingarm(G.pivot, G.R, "#2a2c31");
  s += shock([262, 384], [300, 300], chrome);
  s += wheel(G.F, G.fr, { ...m.wheel, front: true });
  s += fork(G.F, G.head, { color: "#3b3f46", usd: false, boots: false });
  s += fender(G.F, G.fr + 7, 200, 310, body, 16);
  s += fender(G.F, G.fr + 14, 200, 310, chrome, 3);

  // cradle frame
  s += path("M552 230 L520 300 L500 420 L380 430 L372 376", {
    fill: "none",
    stroke: "#2a2c31",
    "stroke-width": 9,
    "stroke-linejoin": "round",
  });

  // V-twin
  s += path("M380 380 C378 350 400 340 430 342 L470 346 C492 350 500 372 494 402 C488 424 460 430 420 428 C394 426 382 410 380 380Z", { fill: ENGINE });
  const front = cylinder([452, 358], -58, 62, 46, 6, "#3c4047", chrome);
  const rear = cylinder([424, 358], -116, 62, 46, 6, "#3c4047", chrome);
  s += rear.s + front.s;
  s += poly(band(front.tip, polar(front.tip, 14, -58), 50, 40), { fill: chrome });
  s += poly(band(rear.tip, polar(rear.tip, 14, -116), 50, 40), { fill: chrome });
  s += el("ellipse", { cx: 444, cy: 398, rx: 26, ry: 22, fill: chrome, stroke: "#8f969f", "stroke-width": 3 });
  s += circle(400, 404, 12, { fill: chrome });
  // air filter
  s += el("ellipse", { cx: 438, cy: 318, rx: 18, ry: 22, fill: chrome, stroke: "#8f969f", "stroke-width": 3 });

  // exhaust: twin long pipes
  s += pipe("M496 314 C520 360 500 410 450 420 L150 420", 11, chrome);
  s += pipe("M398 320 C380 350 380 392 360 404 L150 404", 11, chrome);
  s += path("M150 396 L132 396 L140 412 L150 412Z M150 412 L132 412 L140 428 L150 428Z", { fill: "#8f969f" });

  // rear fender, seat, side cover
  s += fender(G.R, G.rr + 10, 190, 300, body, 18);
  s += fender(G.R, G.rr + 19, 196, 296, chrome, 3);
  s += path("M104 372 L98 360 L110 352 L116 366Z", { fill: "#e0322f" });
  s += path("M348 296 L412 290 L404 350 L356 352Z", { fill: body });
  s += el("ellipse", { cx: 380, cy: 320, rx: 14, ry: 10, fill: chrome });
  s += path("M420 262 C402 290 372 300 330 298 C300 296 280 280 250 268 L230 272 L236 286 C262 292 292 314 332 314 C372 314 404 304 426 280Z", { fill: m.seat ?? "#2a1f1a" });
  s += path("M248 266 C244 250 250 236 262 232 L268 270Z", { fill: m.seat ?? "#2a1f1a" });

  // tank
  s += path("M416 262 C430 232 480 218 530 226 C548 230 556 240 554 252 L520 270 C480 280 440 280 416 262Z", { fill: m.tankColor ?? body });
  s += path("M432 248 C458 232 494 228 528 232", { fill: "none", stroke: m.stripe ?? chrome, "stroke-width": 6, "stroke-linecap": "round" });
  s += path("M436 238 C458 226 482 222 506 224", { fill: "none", stroke: "#fff", "stroke-opacity": 0.35, "stroke-width": 5, "stroke-linecap": "round" });

  // controls, bars, light
  s += peg([482, 408]);
  s += peg([330, 372]);
  s += path("M556 206 L552 172 L520 166", { fill: "none", stroke: chrome, "stroke-width": 6, "stroke-linecap": "round", "stroke-linejoin": "round" });
  s += grip([526, 167], [504, 164]);
  s += mirror([548, 176], [560, 138], chrome);
  s += circle(598, 248, 26, { fill: chrome });
  s += el("ellipse", { cx: 614, cy: 248, rx: 10, ry: 22, fill: "#eaf6ff", stroke: "#8f969f", "stroke-width": 3 });
  s += line([570, 240], [584, 244], { stroke: "#8f969f", "stroke-width": 6 });
  return { s, G };
}

// ---------------------------------------------------------------------------
// Bike scene

function bikeSvg(m) {
  const id = m.slug.replace(/[^a-z0-9]/g, "").slice(0, 10);
  const built = m.style === "adv" ? advBike(m) : m.style === "cruiser" ? cruiserBike(m) : sportBike(m);
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

const bikes = [
  {
    slug: "suzuki-gixxer-sf",
    label: "Suzuki Gixxer SF illustration",
    style: "half",
    bg: ["#eef3fb", "#d6e1f2"],
    body: "#1f4fb8",
    body2: "#c8d1dc",
    fairingAccent: { d: "M520 262 L600 238 L604 250 L528 274Z", color: "#e11d2a" },
    tankAccent: { d: "M440 236 L520 226 L516 240 L444 250Z", color: "#c8d1dc" },
    tailAccent: "#c8d1dc",
    frame: { type: "spar", color: "#2d3036" },
    wheel: { type: "cast5", rim: "#202226", caliper: "#b91c1c" },
    fork: { usd: false, color: "#3a3e45" },
    engine: { twin: false },
    exhaust: { type: "side", color: "#3a3d43" },
  },
  {
    slug: "suzuki-gsx-r150",
    label: "Suzuki GSX-R150 illustration",
    style: "full",
    bg: ["#edf4fc", "#d3e2f4"],
    body: "#1e4fc7",
    body2: "#f4f6f9",
    fairingAccent: { d: "M372 420 L470 396 L466 410 L368 434Z M500 306 L560 284 L556 296 L496 318Z", color: "#1e4fc7" },
    tailColor: "#f4f6f9",
    tailAccent: "#1e4fc7",
    frame: { type: "spar", color: "#2d3036" },
    wheel: { type: "cast3", rim: "#1b1d22", caliper: "#2a2d33" },
    fork: { usd: false, color: "#2f3238" },
    engine: { twin: false },
    exhaust: { type: "side", color: "#2f3237", tip: "#b8bec6" },
    screen: "#6d8fb8",
  },
  {
    slug: "suzuki-v-strom-650",
    label: "Suzuki V-Strom 650 illustration",
    style: "adv",
    bg: ["#fdf8e8", "#efe4c2"],
    body: "#f2c200",
    body2: "#2b2d31",
    beak: "#f2c200",
    noseColor: "#f2c200",
    shroud: "#2b2d31",
    shroudAccent: "#f2c200",
    panniers: "#44474d",
    frame: { color: "#2b2d31" },
    wheel: { type: "wire", rim: "#1d1f23", caliper: "#2a2d33" },
    fork: { usd: false, color: "#2f3238" },
    engine: { twin: true },
    spring: "#c9a227",
    screen: "#4a5a72",
  },
  {
    slug: "suzuki-intruder-150",
    label: "Suzuki Intruder 150 illustration",
    style: "cruiser",
    bg: ["#f3f3f6", "#dcdde3"],
    body: "#15161a",
    chrome: "#c7ccd3",
    wheel: { type: "cast5", rim: "#b9c0c8", caliper: "#2a2d33" },
    seat: "#231d1a",
  },
  {
    slug: "yamaha-r15-v4",
    label: "Yamaha R15 V4 illustration",
    style: "full",
    bg: ["#ebf0fd", "#d2dbf6"],
    body: "#1c3fd6",
    body2: "#1c3fd6",
    fairingAccent: { d: "M372 412 L476 380 L472 394 L368 426Z M498 300 L600 266 L598 276 L496 312Z", color: "#ffffff" },
    tailAccent: "#0f1d5c",
    frame: { type: "spar", color: "#8d949e" },
    wheel: { type: "cast5", rim: "#1c3fd6", caliper: "#c9a227" },
    fork: { usd: true, color: "#c9a227" },
    engine: { twin: false },
    exhaust: { type: "side", color: "#2c2f35", tip: "#9aa0a8" },
    screen: "#5a6f9a",
  },
  {
    slug: "yamaha-mt-15",
    label: "Yamaha MT-15 illustration",
    style: "naked",
    head: "mt",
    bg: ["#eef1f4", "#d5dbe2"],
    body: "#3b3f46",
    shroud: "#2d3137",
    shroudAccent: "#19d3e6",
    accent: "#19d3e6",
    frame: { type: "spar", color: "#2a2d33" },
    wheel: { type: "cast5", rim: "#19c6da", caliper: "#2a2d33" },
    fork: { usd: true, color: "#2a2d33" },
    engine: { twin: false },
    exhaust: { type: "stubby", can: "#2a2c31" },
    spring: "#19c6da",
  },
  {
    slug: "yamaha-fz-s-v3",
    label: "Yamaha FZ-S V3 illustration",
    style: "naked",
    head: "round",
    bg: ["#f1f5ec", "#dbe5d0"],
    body: "#56703f",
    shroud: "#3d5230",
    tankAccent: { d: "M430 236 L528 224 L524 234 L434 246Z", color: "#c9a227" },
    frame: { type: "spar", color: "#2a2d2a" },
    wheel: { type: "cast6", rim: "#1b1d22", caliper: "#2a2d33" },
    fork: { usd: false, color: "#2e3138" },
    engine: { twin: false },
    exhaust: { type: "side", color: "#2c2f2c", tip: "#9aa0a8" },
    spring: "#b02a2a",
  },
  {
    slug: "yamaha-yzf-r3",
    label: "Yamaha YZF-R3 illustration",
    style: "full",
    twinLight: true,
    bg: ["#eaf0fb", "#cfdaf2"],
    body: "#1f4fd1",
    body2: "#17181c",
    fairingAccent: { d: "M498 300 L600 266 L598 276 L496 312Z", color: "#1f4fd1" },
    tailAccent: "#17181c",
    frame: { type: "spar", color: "#2d3036" },
    wheel: { type: "cast5", rim: "#1b1d22", caliper: "#2a2d33" },
    fork: { usd: true, color: "#1f4fd1" },
    engine: { twin: true },
    exhaust: { type: "under", can: "#2a2c31" },
    screen: "#55607a",
  },
  {
    slug: "ktm-duke-200",
    label: "KTM Duke 200 illustration",
    style: "naked",
    head: "duke",
    tail: "duke",
    bg: ["#fff4ea", "#fbdfc6"],
    body: "#ff6a00",
    shroud: "#f4f4f2",
    shroudAccent: "#ff6a00",
    tailAccent: "#f4f4f2",
    frame: { type: "trellis", color: "#ff6a00" },
    wheel: { type: "cast5", rim: "#1b1d22", caliper: "#2a2d33" },
    fork: { usd: true, color: "#2a2c31" },
    engine: { twin: false },
    exhaust: { type: "under", can: "#2a2c31" },
    spring: "#ff6a00",
    swingarm: "#2a2c31",
  },
  {
    slug: "ktm-rc-390",
    label: "KTM RC 390 illustration",
    style: "full",
    bg: ["#fff5ed", "#f6dcc8"],
    body: "#ff6a00",
    body2: "#f7f7f5",
    fairingAccent: { d: "M372 412 L476 380 L472 396 L368 428Z", color: "#ff6a00" },
    tailColor: "#f7f7f5",
    tailAccent: "#ff6a00",
    frame: { type: "trellis", color: "#ff6a00" },
    wheel: { type: "cast3", rim: "#ff6a00", caliper: "#2a2d33" },
    fork: { usd: true, color: "#e8610c" },
    engine: { twin: false },
    exhaust: { type: "stubby", can: "#2a2c31" },
    screen: "#4d5566",
    swingarm: "#2a2c31",
  },
  {
    slug: "ktm-390-adventure",
    label: "KTM 390 Adventure illustration",
    style: "adv",
    bg: ["#fdf4eb", "#efdfce"],
    body: "#ff6a00",
    body2: "#f3f3f1",
    noseColor: "#f3f3f1",
    beak: "#ff6a00",
    shroud: "#f3f3f1",
    shroudAccent: "#ff6a00",
    frame: { color: "#ff6a00" },
    wheel: { type: "cast3", rim: "#ff6a00", caliper: "#2a2d33" },
    fork: { usd: true, color: "#ff6a00" },
    engine: { twin: false },
    guard: "#ff6a00",
    screen: "#4a5568",
    swingarm: "#2a2c31",
  },
  {
    slug: "ktm-duke-390",
    label: "KTM Duke 390 illustration",
    style: "naked",
    head: "duke",
    tail: "duke",
    bg: ["#f7f0ea", "#e6d9cf"],
    body: "#1d1e22",
    headColor: "#ff6a00",
    tankAccent: { d: "M420 248 L520 232 L534 246 L430 262Z", color: "#ff6a00" },
    shroud: "#ff6a00",
    shroudAccent: "#1d1e22",
    tailColor: "#1d1e22",
    tailAccent: "#ff6a00",
    frame: { type: "trellis", color: "#ff6a00" },
    wheel: { type: "cast3", rim: "#ff6a00", caliper: "#2a2d33" },
    fork: { usd: true, color: "#ff6a00" },
    engine: { twin: false },
    exhaust: { type: "stubby", can: "#2a2c31", tip: "#c7ccd3" },
    spring: "#ff6a00",
    swingarm: "#ff6a00",
  },
];

// ---------------------------------------------------------------------------

function write(rel, content) {
  const file = out(...rel.split("/"));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

const written = [];
for (const b of bikes) written.push(write(`images/bikes/${b.slug}.svg`, bikeSvg(b)));

for (const f of written) console.log(`wrote ${f.slice(root.length + 1)}`);

export { execFileSync, existsSync, mkdtempSync, rmSync, tmpdir };
