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
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
const poly = (pts, a = {}) =>
  path(`M${pts.map((p) => `${num(p[0])} ${num(p[1])}`).join(" L")}Z`, a);

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
    stops
      .map(([o, c, op]) => el("stop", { offset: o, "stop-color": c, "stop-opacity": op }))
      .join(""),
  );
}
function radial(id, stops) {
  return el(
    "radialGradient",
    { id },
    stops
      .map(([o, c, op]) => el("stop", { offset: o, "stop-color": c, "stop-opacity": op }))
      .join(""),
  );
}

function svgDoc(w, h, label, defs, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${label}">${defs ? `<defs>${defs}</defs>` : ""}${body}</svg>\n`;
}

// ---------------------------------------------------------------------------
// Motorcycle parts. The bike faces right; we see its left side.

const TYRE = "#1c1d21";
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
  return (
    circle(rear[0], rear[1], rr - 3, { fill: "none", stroke: "#3d4148", "stroke-width": 6 }) +
    path(
      `M${front[0]} ${front[1] - fr} L${rear[0]} ${rear[1] - rr} A${rr} ${rr} 0 0 0 ${rear[0]} ${rear[1] + rr} L${front[0]} ${front[1] + fr} A${fr} ${fr} 0 0 0 ${front[0]} ${front[1] - fr}`,
      { fill: "none", stroke: "#4b4f57", "stroke-width": 4 },
    )
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
  s += poly(
    band(cyl.tip, polar(cyl.tip, 16, o.twin ? -68 : -64), o.twin ? 68 : 58, o.twin ? 56 : 48),
    {
      fill: o.headColor ?? "#5a616b",
    },
  );
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
  s += el("ellipse", {
    cx: 414,
    cy: 384,
    rx: 17,
    ry: 15,
    fill: "none",
    stroke: "#3c4148",
    "stroke-width": 2,
  });
  s += circle(470, 395, 13, { fill: "#444a52" });
  if (dx || dy) return g({ transform: `translate(${dx} ${dy})` }, s);
  return s;
}

function pipe(d, w, color = "#70757d") {
  return (
    path(d, {
      fill: "none",
      stroke: darken(color, 0.3),
      "stroke-width": w + 3,
      "stroke-linecap": "round",
    }) + path(d, { fill: "none", stroke: color, "stroke-width": w, "stroke-linecap": "round" })
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
  return (
    poly(band(p, [p[0] - 16, p[1] + 2], 7), { fill: "#3a3d44" }) +
    circle(p[0], p[1], 5, { fill: "#7b828c" })
  );
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
  const naked = m.style === "naked";
  const full = m.style === "full";
  let s = "";

  // back: swingarm, chain, rear wheel, shock
  if (naked) s += shock([330, 352], [372, 268], m.spring ?? "#d23a2a");
  s += wheel(G.R, G.rr, { ...m.wheel, front: false });
  s += chain([390, 352], G.R, 27);
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
      {
        fill: "none",
        stroke: fc,
        "stroke-width": 7,
        "stroke-linejoin": "round",
        "stroke-linecap": "round",
      },
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

  // side cover / airbox under the seat
  s += path(
    naked
      ? "M404 248 L470 262 L436 292 L392 300 L376 270Z"
      : "M404 248 L478 262 L430 300 L392 340 L352 318 L334 292Z",
    {
      fill: "#2a2d33",
    },
  );
  // seat, tail
  const tail =
    m.tail === "duke"
      ? "M404 250 L318 254 L254 236 L198 200 L194 216 C232 242 274 270 330 300 L392 300Z"
      : "M404 250 L310 254 L244 240 L178 212 L178 226 C216 244 268 272 336 306 L396 298Z";
  s += path(tail, { fill: m.tailColor ?? body });
  if (m.tailAccent)
    s += path(
      m.tail === "duke"
        ? "M226 236 C250 254 290 274 330 290 L338 300 L330 300 C280 278 240 256 212 230Z"
        : "M206 236 C240 252 290 280 336 296 L346 304 L336 306 C280 280 236 260 198 240Z",
      { fill: m.tailAccent },
    );
  s += path(
    m.tail === "duke"
      ? "M198 200 L188 204 L190 216 L194 216Z"
      : "M178 212 L168 214 L170 226 L178 226Z",
    {
      fill: "#e0322f",
    },
  );
  // plate hanger
  s += path("M222 252 L204 298", {
    stroke: "#2a2c30",
    "stroke-width": 6,
    "stroke-linecap": "round",
  });
  s += el("rect", {
    x: 184,
    y: 292,
    width: 36,
    height: 24,
    rx: 3,
    fill: "#f4f4f2",
    stroke: "#2a2c30",
    "stroke-width": 2,
  });
  s += line([214, 262], [196, 268], {
    stroke: "#f59e0b",
    "stroke-width": 6,
    "stroke-linecap": "round",
  });
  // seats
  s += path("M298 236 C340 234 380 228 408 220 L416 240 C386 252 340 258 302 256Z", {
    fill: m.seat ?? RUBBER,
  });
  if (m.tail === "duke")
    s += path("M246 222 L300 232 L302 248 L250 240Z", { fill: m.seat ?? RUBBER });
  else s += path("M232 224 L300 232 L302 248 L236 240Z", { fill: m.pillion ?? m.seat ?? RUBBER });

  s += peg([378, 328]);
  s += peg([306, 318]);

  if (!naked) s += grip([552, 200], [524, 190]);
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
    s += path("M470 420 L392 428 L384 452 L470 452 C484 446 486 426 470 420Z", {
      fill: ex.can ?? "#2c2f35",
    });
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
    const outline =
      "M652 258 C644 268 622 274 600 274 C566 284 528 300 508 326 C492 348 484 380 478 412 C472 438 452 452 424 454 L366 450 C354 444 350 428 356 410 C366 376 380 352 398 332 C420 306 446 290 470 280 L522 262 L546 224 L612 214 C632 226 646 242 652 258Z";
    s += el("clipPath", { id: `${m.id}f` }, path(outline));
    let inner = path(outline, { fill: body });
    inner += poly(
      m.split ?? [
        [700, 262],
        [520, 318],
        [330, 392],
        [330, 520],
        [700, 520],
      ],
      { fill: body2 },
    );
    for (const acc of [m.fairingAccent, m.fairingAccent2])
      if (acc) inner += path(acc.d, { fill: acc.color });
    inner += poly(
      [
        [700, 392],
        [330, 424],
        [330, 520],
        [700, 520],
      ],
      { fill: "#000", opacity: 0.1 },
    );
    s += g({ "clip-path": `url(#${m.id}f)` }, inner);
    s += path(outline, {
      fill: "none",
      stroke: darken(body2, 0.25),
      "stroke-width": 2,
      "stroke-opacity": 0.6,
    });
    // vents
    s += path("M488 340 L534 314 L528 330 L484 356Z M470 378 L512 360 L508 374 L466 392Z", {
      fill: darken(body2, 0.4),
    });
  } else {
    // half fairing: upper cowl + side panel, engine visible below
    s += path(
      "M646 262 C632 270 612 272 598 272 C566 282 530 298 508 322 C490 330 470 330 452 322 C462 300 472 282 480 272 L524 248 L548 224 L610 216 C628 226 640 244 646 262Z",
      { fill: body },
    );
    s += path(
      "M598 272 C566 282 530 298 508 322 C490 330 470 330 452 322 L456 312 C480 316 500 308 520 296 C548 282 572 272 598 272Z",
      {
        fill: body2,
      },
    );
    if (m.fairingAccent) s += path(m.fairingAccent.d, { fill: m.fairingAccent.color });
    s += path("M472 306 L520 286 L514 298 L468 316Z", { fill: darken(body, 0.35) });
  }
  // headlight + screen
  s += path(
    m.twinLight
      ? "M604 244 L640 252 L634 262 L602 256Z M598 230 L626 236 L624 244 L598 240Z"
      : "M600 246 L642 256 L636 266 L602 262Z",
    {
      fill: "#eaf6ff",
      stroke: "#9bd2ff",
      "stroke-width": 2,
    },
  );
  s += path("M610 216 C598 196 574 180 546 174 L536 186 C556 192 574 204 584 220Z", {
    fill: m.screen ?? "#2b3a55",
    "fill-opacity": 0.82,
  });
  s += path("M600 210 C588 196 570 186 552 182", {
    fill: "none",
    stroke: "#ffffff",
    "stroke-opacity": 0.5,
    "stroke-width": 3,
  });
  s += mirror([580, 214], [590, 196], darken(body, 0.3));
  return s;
}

function nakedFront(m) {
  const body = m.body;
  const shroud = m.shroud ?? m.body2 ?? body;
  let s = "";
  // bars (behind the headlight)
  s += path("M540 206 L532 184 L508 178", {
    fill: "none",
    stroke: "#2a2c30",
    "stroke-width": 6,
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
  });
  s += grip([514, 180], [494, 176]);
  s += mirror([532, 186], [546, 154], "#2a2c30");
  // radiator shroud: a wing running forward and down from the tank
  s += path("M512 250 L548 224 L572 240 L556 290 L526 318 L498 316 L500 284Z", { fill: shroud });
  if (m.shroudAccent)
    s += path("M500 300 L534 298 L556 290 L526 318 L498 316Z", { fill: m.shroudAccent });
  s += path("M522 262 L552 244 L546 264 L520 280Z", { fill: darken(shroud, 0.35) });
  // headlight bracket
  s += path("M548 232 L576 236 L576 256 L548 256Z", { fill: "#2a2c30" });
  // headlight
  const h = m.head;
  if (h === "round") {
    s += path("M566 222 L600 214 L612 236 L598 270 L568 262Z", { fill: "#2a2d2a" });
    s += el("ellipse", {
      cx: 606,
      cy: 242,
      rx: 13,
      ry: 27,
      fill: "#eaf6ff",
      stroke: "#7d848e",
      "stroke-width": 5,
    });
    s += path("M574 214 L604 204 L610 222Z", { fill: body });
  } else if (h === "mt") {
    s += path("M560 212 L598 206 L626 232 L618 266 L584 278 L562 256Z", { fill: "#24272c" });
    s += path("M578 216 L604 214 L622 234", {
      fill: "none",
      stroke: m.accent,
      "stroke-width": 5,
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
    });
    s += circle(610, 252, 10, { fill: "#eaf6ff", stroke: m.accent, "stroke-width": 3 });
    s += path("M570 206 L600 194 L608 208Z", { fill: body });
  } else {
    // angular split headlight with a coloured mask
    s += path(
      "M568 214 L604 208 C618 218 628 232 630 246 C628 260 620 270 606 278 L578 274 L570 248Z",
      {
        fill: "#24272c",
      },
    );
    s += path(
      "M606 218 C616 228 622 238 622 248 C620 258 614 266 606 272 C611 256 611 232 606 218Z",
      {
        fill: "#eaf6ff",
      },
    );
    s += path("M568 214 L604 208 L596 226 L576 244 L570 248Z", { fill: m.headColor ?? body });
    s += path("M570 214 L578 200 L598 194 L604 208Z", { fill: "#3a4150", "fill-opacity": 0.8 });
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
  s += path("M372 420 L500 400 L514 360 L526 370 L508 420 L470 436 L384 438Z", {
    fill: m.bashColor ?? "#2b2e33",
  });
  // frame
  s += g(
    {
      fill: "none",
      stroke: m.frame.color,
      "stroke-width": 7,
      "stroke-linejoin": "round",
      "stroke-linecap": "round",
    },
    path(
      "M534 196 L470 238 L406 280 L386 332 M546 238 L486 288 L432 306 M470 238 L486 288 L428 276 M404 262 L236 226 M392 310 L300 286 L240 232",
    ),
  );

  // exhaust
  s += pipe("M500 310 C520 360 506 402 462 418 L380 424 C352 424 336 414 324 398", 9);
  if (!m.panniers) s += muffler([330, 388], [250, 322], 28, m.exhaustColor ?? "#3a3d43", "#1e1f23");

  // tail, rack + seat
  s += path("M404 236 L466 250 L430 284 L380 296 L362 262Z", { fill: "#2a2d33" });
  s += path(
    "M410 226 L300 230 L216 212 L180 200 L182 214 C220 228 262 244 304 258 L364 266 L404 252Z",
    {
      fill: m.tailColor ?? body2,
    },
  );
  if (m.tailAccent)
    s += path("M364 252 C320 246 260 230 200 214 L198 222 C250 238 310 254 364 262Z", {
      fill: m.tailAccent,
    });
  s += path("M184 198 L172 200 L174 212 L182 214Z", { fill: "#e0322f" });
  s += path("M268 204 L170 192 M236 200 L232 212 M196 196 L194 208", {
    fill: "none",
    stroke: "#2a2c30",
    "stroke-width": 6,
    "stroke-linecap": "round",
  });
  s += path("M250 204 C310 206 370 208 424 206 L426 224 C366 230 310 230 254 222Z", {
    fill: m.seat ?? RUBBER,
  });
  s += path("M206 240 L192 290", {
    stroke: "#2a2c30",
    "stroke-width": 6,
    "stroke-linecap": "round",
  });
  s += el("rect", {
    x: 172,
    y: 284,
    width: 36,
    height: 24,
    rx: 3,
    fill: "#f4f4f2",
    stroke: "#2a2c30",
    "stroke-width": 2,
  });
  s += peg([380, 322]);

  if (m.panniers) {
    s += el("rect", { x: 128, y: 232, width: 166, height: 122, rx: 14, fill: m.panniers });
    s += el("rect", {
      x: 128,
      y: 232,
      width: 166,
      height: 30,
      rx: 12,
      fill: darken(m.panniers, 0.25),
    });
    s += el("rect", {
      x: 140,
      y: 276,
      width: 142,
      height: 64,
      rx: 8,
      fill: "none",
      stroke: lighten(m.panniers, 0.2),
      "stroke-width": 3,
    });
    s += el("rect", { x: 196, y: 256, width: 30, height: 14, rx: 3, fill: "#9aa1ab" });
    s += muffler([318, 386], [262, 358], 26, m.exhaustColor ?? "#3a3d43", "#1e1f23");
  }

  // tank + radiator shroud
  s += path(
    "M404 232 C412 194 456 174 508 172 C538 172 556 186 560 206 L552 268 C500 286 446 286 408 270Z",
    {
      fill: m.tankColor ?? body,
    },
  );
  s += path("M424 206 C446 188 478 180 512 180", {
    fill: "none",
    stroke: "#fff",
    "stroke-opacity": 0.45,
    "stroke-width": 6,
    "stroke-linecap": "round",
  });
  s += path("M530 204 L584 210 L588 268 L546 308 L498 306 L518 262Z", { fill: m.shroud ?? body });
  if (m.shroudAccent)
    s += path("M498 306 L546 308 L588 268 L586 250 L540 290 L504 292Z", { fill: m.shroudAccent });
  s += path("M532 236 L566 232 L556 262 L526 274Z", { fill: darken(m.shroud ?? body, 0.35) });
  // bars (behind the nose) + hand guard
  s += path("M548 186 L538 164 L512 158", {
    fill: "none",
    stroke: "#2a2c30",
    "stroke-width": 6,
    "stroke-linecap": "round",
  });
  s += grip([518, 160], [498, 156]);
  s += mirror([540, 162], [554, 130], "#2a2c30");
  // nose: cowl, stacked headlight, beak, tall screen
  s += path("M566 200 L556 130 C562 122 574 120 582 122 L608 196Z", {
    fill: m.screen ?? "#3a4a62",
    "fill-opacity": 0.55,
    stroke: m.screen ?? "#3a4a62",
    "stroke-width": 2,
  });
  s += path("M566 134 L578 190", { stroke: "#fff", "stroke-opacity": 0.55, "stroke-width": 3 });
  s += path("M558 202 L612 190 C630 204 640 220 646 240 L640 260 L608 274 L572 268 L554 234Z", {
    fill: m.noseColor ?? body,
  });
  s += path("M620 204 C632 216 638 228 640 242 L636 256 L622 258 L620 232Z", {
    fill: "#eaf6ff",
    stroke: "#9bd2ff",
    "stroke-width": 2,
  });
  s += path("M572 214 L606 206 L598 226 L576 236Z", { fill: darken(m.noseColor ?? body, 0.3) });
  s += path("M598 262 L672 282 L666 296 L600 280Z", { fill: m.beak ?? body });
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
  s += path(
    "M380 380 C378 350 400 340 430 342 L470 346 C492 350 500 372 494 402 C488 424 460 430 420 428 C394 426 382 410 380 380Z",
    { fill: ENGINE },
  );
  const front = cylinder([452, 358], -58, 62, 46, 6, "#3c4047", chrome);
  const rear = cylinder([424, 358], -116, 62, 46, 6, "#3c4047", chrome);
  s += rear.s + front.s;
  s += poly(band(front.tip, polar(front.tip, 14, -58), 50, 40), { fill: chrome });
  s += poly(band(rear.tip, polar(rear.tip, 14, -116), 50, 40), { fill: chrome });
  s += el("ellipse", {
    cx: 444,
    cy: 398,
    rx: 26,
    ry: 22,
    fill: chrome,
    stroke: "#8f969f",
    "stroke-width": 3,
  });
  s += circle(400, 404, 12, { fill: chrome });
  // air filter
  s += el("ellipse", {
    cx: 438,
    cy: 318,
    rx: 18,
    ry: 22,
    fill: chrome,
    stroke: "#8f969f",
    "stroke-width": 3,
  });

  // exhaust: twin long pipes
  s += pipe("M496 314 C520 360 500 410 450 420 L150 420", 11, chrome);
  s += pipe("M398 320 C380 350 380 392 360 404 L150 404", 11, chrome);
  s += path("M150 396 L132 396 L140 412 L150 412Z M150 412 L132 412 L140 428 L150 428Z", {
    fill: "#8f969f",
  });

  // rear fender, seat, side cover
  s += fender(G.R, G.rr + 10, 190, 300, body, 18);
  s += fender(G.R, G.rr + 19, 196, 296, chrome, 3);
  s += path("M104 372 L98 360 L110 352 L116 366Z", { fill: "#e0322f" });
  s += path("M348 296 L412 290 L404 350 L356 352Z", { fill: body });
  s += el("ellipse", { cx: 380, cy: 320, rx: 14, ry: 10, fill: chrome });
  s += path(
    "M420 262 C402 290 372 300 330 298 C300 296 280 280 250 268 L230 272 L236 286 C262 292 292 314 332 314 C372 314 404 304 426 280Z",
    { fill: m.seat ?? "#2a1f1a" },
  );
  s += path("M248 266 C244 250 250 236 262 232 L268 270Z", { fill: m.seat ?? "#2a1f1a" });

  // tank
  s += path(
    "M416 262 C430 232 480 218 530 226 C548 230 556 240 554 252 L520 270 C480 280 440 280 416 262Z",
    { fill: m.tankColor ?? body },
  );
  s += path("M432 248 C458 232 494 228 528 232", {
    fill: "none",
    stroke: m.stripe ?? chrome,
    "stroke-width": 6,
    "stroke-linecap": "round",
  });
  s += path("M436 238 C458 226 482 222 506 224", {
    fill: "none",
    stroke: "#fff",
    "stroke-opacity": 0.35,
    "stroke-width": 5,
    "stroke-linecap": "round",
  });

  // controls, bars, light
  s += peg([482, 408]);
  s += peg([330, 372]);
  s += path("M556 206 L552 172 L520 166", {
    fill: "none",
    stroke: chrome,
    "stroke-width": 6,
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
  });
  s += grip([526, 167], [504, 164]);
  s += mirror([548, 176], [560, 138], chrome);
  s += circle(598, 248, 26, { fill: chrome });
  s += el("ellipse", {
    cx: 614,
    cy: 248,
    rx: 10,
    ry: 22,
    fill: "#eaf6ff",
    stroke: "#8f969f",
    "stroke-width": 3,
  });
  s += line([570, 240], [584, 244], { stroke: "#8f969f", "stroke-width": 6 });
  return { s, G };
}

// ---------------------------------------------------------------------------
// Bike scene

function bikeSvg(m) {
  const id = m.slug.replace(/[^a-z0-9]/g, "").slice(0, 10);
  m.id = id;
  const built =
    m.style === "adv" ? advBike(m) : m.style === "cruiser" ? cruiserBike(m) : sportBike(m);
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
    fairingAccent: {
      d: "M700 296 L520 352 L330 426 L330 440 L520 366 L700 310Z",
      color: "#1e4fc7",
    },
    tailAccent: "#f4f6f9",
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
    screen: "#6f86a6",
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
    fairingAccent: {
      d: "M700 262 L520 318 L330 392 L330 400 L520 326 L700 270Z",
      color: "#ffffff",
    },
    fairingAccent2: {
      d: "M700 276 L520 332 L330 406 L330 411 L520 337 L700 281Z",
      color: "#38d5ff",
    },
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
    fairingAccent: {
      d: "M700 254 L520 310 L330 384 L330 390 L520 316 L700 260Z",
      color: "#ffffff",
    },
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
    fairingAccent: {
      d: "M700 260 L520 316 L330 390 L330 402 L520 328 L700 272Z",
      color: "#1d1e22",
    },
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
    screen: "#7a8aa3",
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
// Lettering: a blocky geometric alphabet drawn as paths (cap height 48, stroke 11),
// so the wordmarks never depend on installed fonts. Counters use evenodd.

const GLYPHS = {
  A: {
    w: 40,
    d: [
      [0, 48, 0, 10, 10, 0, 30, 0, 40, 10, 40, 48, 29, 48, 29, 34, 11, 34, 11, 48],
      [11, 23, 29, 23, 29, 14, 26, 11, 14, 11, 11, 14],
    ],
  },
  E: {
    w: 34,
    d: [
      [
        0, 0, 34, 0, 34, 11, 11, 11, 11, 18.5, 30, 18.5, 30, 29.5, 11, 29.5, 11, 37, 34, 37, 34, 48,
        0, 48,
      ],
    ],
  },
  D: {
    w: 38,
    d: [
      [0, 0, 30, 0, 38, 8, 38, 40, 30, 48, 0, 48],
      [11, 11, 11, 37, 27, 37, 27, 11],
    ],
  },
  H: {
    w: 38,
    d: [
      [
        0, 0, 11, 0, 11, 18.5, 27, 18.5, 27, 0, 38, 0, 38, 48, 27, 48, 27, 29.5, 11, 29.5, 11, 48,
        0, 48,
      ],
    ],
  },
  I: { w: 11, d: [[0, 0, 11, 0, 11, 48, 0, 48]] },
  K: {
    w: 39,
    d: [[0, 0, 11, 0, 11, 18, 25, 0, 39, 0, 20, 24, 39, 48, 25, 48, 11, 30, 11, 48, 0, 48]],
  },
  M: {
    w: 50,
    d: [[0, 48, 0, 0, 12, 0, 25, 18, 38, 0, 50, 0, 50, 48, 39, 48, 39, 20, 25, 38, 11, 20, 11, 48]],
  },
  R: {
    w: 38,
    d: [
      [0, 0, 32, 0, 38, 6, 38, 24, 31, 30, 38, 48, 26, 48, 20, 30, 11, 30, 11, 48, 0, 48],
      [11, 11, 27, 11, 27, 19, 11, 19],
    ],
  },
  S: {
    w: 38,
    d: [
      [
        6, 0, 38, 0, 38, 11, 11, 11, 11, 18.5, 32, 18.5, 38, 24.5, 38, 42, 32, 48, 0, 48, 0, 37, 27,
        37, 27, 29.5, 6, 29.5, 0, 23.5, 0, 6,
      ],
    ],
  },
  T: { w: 38, d: [[0, 0, 38, 0, 38, 11, 24.5, 11, 24.5, 48, 13.5, 48, 13.5, 11, 0, 11]] },
  U: { w: 38, d: [[0, 0, 11, 0, 11, 37, 27, 37, 27, 0, 38, 0, 38, 42, 32, 48, 6, 48, 0, 42]] },
  Y: { w: 42, d: [[0, 0, 13, 0, 21, 14, 29, 0, 42, 0, 26.5, 26, 26.5, 48, 15.5, 48, 15.5, 26]] },
  Z: { w: 38, d: [[0, 0, 38, 0, 38, 11, 15, 37, 38, 37, 38, 48, 0, 48, 0, 37, 23, 11, 0, 11]] },
};

function textWidth(text, spacing) {
  return [...text].reduce((w, ch) => w + GLYPHS[ch].w, 0) + spacing * (text.length - 1);
}

/** Path data for `text` with its top-left at (x, y), scaled by k and slanted by `slant` (x per y). */
function lettering(text, x, y, k, spacing = 5, slant = 0.2) {
  let d = "";
  let cx = 0;
  for (const ch of text) {
    const glyph = GLYPHS[ch];
    for (const ring of glyph.d) {
      const pts = [];
      for (let i = 0; i < ring.length; i += 2) {
        const gx = ring[i] + cx + (48 - ring[i + 1]) * slant;
        pts.push(`${num(x + gx * k)} ${num(y + ring[i + 1] * k)}`);
      }
      d += `M${pts.join(" L")}Z`;
    }
    cx += glyph.w + spacing;
  }
  return d;
}

function logoSvg(brand) {
  const { label, word, color, spacing = 5 } = brand;
  const rawW = textWidth(word, spacing) + 48 * 0.2;
  const k = Math.min(1.05, 212 / rawW);
  const w = rawW * k;
  const h = 48 * k;
  const emblemH = 40;
  const gap = 10;
  const top = (120 - (emblemH + gap + h)) / 2;
  let body = brand.emblem(120, top + emblemH / 2);
  body += path(lettering(word, 120 - w / 2, top + emblemH + gap, k, spacing), {
    fill: color,
    "fill-rule": "evenodd",
  });
  return svgDoc(240, 120, label, "", body);
}

const hexagon = (cx, cy, r, a) =>
  poly(
    [0, 1, 2, 3, 4, 5].map((i) => polar([cx, cy], r, i * 60 + 30)),
    a,
  );

const logos = [
  {
    file: "suzuki",
    label: "Suzuki",
    word: "SUZUKI",
    color: "#1b3a94",
    // a red wheel in motion with blue speed lines
    emblem: (cx, cy) =>
      circle(cx + 16, cy, 15, { fill: "none", stroke: "#e0232b", "stroke-width": 8 }) +
      circle(cx + 16, cy, 4.5, { fill: "#e0232b" }) +
      path(
        `M${cx - 30} ${cy - 10} L${cx - 8} ${cy - 10} M${cx - 38} ${cy} L${cx - 10} ${cy} M${cx - 30} ${cy + 10} L${cx - 8} ${cy + 10}`,
        {
          stroke: "#1b3a94",
          "stroke-width": 5,
          "stroke-linecap": "round",
        },
      ),
  },
  {
    file: "yamaha",
    label: "Yamaha",
    word: "YAMAHA",
    color: "#1238a8",
    // a hexagon nut with a slanted cut, on a line
    emblem: (cx, cy) =>
      path(`M${cx - 46} ${cy} L${cx - 27} ${cy} M${cx + 27} ${cy} L${cx + 46} ${cy}`, {
        stroke: "#1238a8",
        "stroke-width": 4,
        "stroke-linecap": "round",
      }) +
      hexagon(cx, cy, 21, { fill: "#1238a8" }) +
      path(
        `M${cx - 10} ${cy + 11} L${cx + 2} ${cy - 11} L${cx + 10} ${cy - 11} L${cx - 2} ${cy + 11}Z`,
        {
          fill: "#fff",
        },
      ),
  },
  {
    file: "ktm",
    label: "KTM",
    word: "KTM",
    color: "#ff6a00",
    spacing: 6,
    // black slanted plate with an orange forward arrow
    emblem: (cx, cy) =>
      path(
        `M${cx - 14} ${cy - 17} L${cx + 30} ${cy - 17} L${cx + 14} ${cy + 17} L${cx - 30} ${cy + 17}Z`,
        {
          fill: "#17181b",
          stroke: "#17181b",
          "stroke-width": 6,
          "stroke-linejoin": "round",
        },
      ) +
      path(
        `M${cx - 8} ${cy - 9} L${cx + 6} ${cy - 9} L${cx + 14} ${cy} L${cx + 2} ${cy + 9} L${cx - 12} ${cy + 9} L${cx} ${cy}Z`,
        {
          fill: "#ff6a00",
        },
      ),
  },
];

// ---------------------------------------------------------------------------
// Hero: a rider on the road, hills and a city behind. ReRide palette.

const INDIGO = "#3730a3";
const ORANGE = "#f97316";

function rng(seed) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

function rider() {
  // in bike coordinates (see SPORT); the rider sits on the seat, hands on the bar
  const limb = (d, w, color) =>
    path(d, {
      fill: "none",
      stroke: color,
      "stroke-width": w,
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
    });
  let s = "";
  s += path(
    "M404 124 C380 116 358 130 332 118 C344 132 330 142 310 140 C338 154 372 148 398 142Z",
    { fill: ORANGE },
  ); // scarf
  s += limb("M356 214 L414 132", 58, INDIGO); // torso
  s += path("M386 168 L420 130", {
    stroke: "#4f46e5",
    "stroke-width": 10,
    "stroke-linecap": "round",
  });
  s += limb("M352 222 L456 232 L400 312", 38, "#1e1b4b"); // leg
  s += path("M376 304 L420 302 C430 310 430 324 420 328 L372 328Z", { fill: "#111827" }); // boot
  s += limb("M420 136 L470 164 L504 178", 22, "#4338ca"); // arm
  s += circle(506, 178, 10, { fill: "#111827" });
  // helmet
  s += circle(430, 88, 34, { fill: ORANGE });
  s += path("M430 54 C452 54 466 70 466 88 L438 88 C432 76 430 64 430 54Z", { fill: "#1e1b4b" });
  s += path("M440 62 C450 64 458 72 460 80", {
    stroke: "#a5b4fc",
    "stroke-width": 4,
    fill: "none",
    "stroke-linecap": "round",
  });
  s += path("M398 78 C404 62 416 56 428 54", {
    stroke: "#fff",
    "stroke-width": 6,
    fill: "none",
    "stroke-linecap": "round",
  });
  s += path("M402 110 L450 112 L446 124 L404 122Z", { fill: "#c2410c" });
  return s;
}

function heroSvg() {
  const rand = rng(7);
  const defs =
    linear("hs", [
      [0, "#e0e7ff"],
      [0.7, "#fff7ed"],
    ]) +
    radial("hg", [
      [0, "#fed7aa", 0.9],
      [1, "#fed7aa", 0],
    ]);
  let s = el("rect", { width: 1200, height: 600, fill: "url(#hs)" });
  // sun
  s += circle(250, 170, 150, { fill: "url(#hg)" });
  s += circle(250, 170, 70, { fill: "#fdba74" });
  // clouds
  const cloud = (x, y, k) =>
    g(
      { fill: "#fff", transform: `translate(${x} ${y}) scale(${k})` },
      el("rect", { x: -60, y: -12, width: 140, height: 28, rx: 14 }) +
        circle(-10, -14, 24) +
        circle(26, -20, 30),
    );
  s += cloud(430, 110, 1) + cloud(880, 80, 0.8) + cloud(1090, 150, 0.6) + cloud(120, 300, 0.55);
  // skyline (compact path data: one path for the blocks, one for the windows)
  let city = "";
  let windows = "";
  for (let x = 20; x < 1200; ) {
    const w = 40 + Math.floor(rand() * 50);
    const h = 50 + Math.floor(rand() * 140);
    city += `M${x} ${400 - h}h${w}v${h + 20}h${-w}z`;
    if (rand() > 0.5) city += `M${x + w / 2 - 2} ${400 - h - 18}h4v18h-4z`;
    for (let wy = 400 - h + 12; wy < 392; wy += 20)
      for (let wx = x + 8; wx < x + w - 12; wx += 14)
        if (rand() > 0.45) windows += `M${wx} ${wy}h6v9h-6z`;
    x += w + 6 + Math.floor(rand() * 20);
  }
  s += el("path", { d: city, fill: "#c7d2fe" }) + el("path", { d: windows, fill: "#eef2ff" });
  // hills
  s += path(
    "M0 392 C160 340 300 350 440 382 C600 418 760 330 940 352 C1060 366 1140 390 1200 384 L1200 470 L0 470Z",
    { fill: "#a5b4fc" },
  );
  s += path("M0 430 C200 400 380 410 560 428 C760 448 960 396 1200 420 L1200 480 L0 480Z", {
    fill: "#818cf8",
  });
  // trees
  let trees = "";
  for (const [x, y, k] of [
    [90, 420, 1],
    [130, 428, 0.8],
    [610, 430, 0.9],
    [1010, 412, 1.1],
    [1056, 420, 0.8],
    [360, 416, 0.7],
  ]) {
    trees += el("rect", { x: x - 3 * k, y: y - 4, width: 6 * k, height: 24 * k, fill: "#312e81" });
    trees += el("ellipse", { cx: x, cy: y - 20 * k, rx: 18 * k, ry: 28 * k, fill: "#4338ca" });
  }
  s += trees;
  // road
  s += el("rect", { y: 470, width: 1200, height: 130, fill: "#eef2ff" });
  s += el("rect", { y: 478, width: 1200, height: 92, fill: INDIGO });
  s += el("rect", { y: 478, width: 1200, height: 5, fill: "#c7d2fe" });
  s += el("rect", { y: 565, width: 1200, height: 5, fill: "#c7d2fe" });
  let dashes = "";
  for (let x = -20; x < 1200; x += 110)
    dashes += el("rect", { x, y: 521, width: 60, height: 8, rx: 4 });
  s += g({ fill: ORANGE }, dashes);
  // speed lines
  s += g(
    { stroke: "#fff", "stroke-width": 6, "stroke-linecap": "round", opacity: 0.9 },
    line([420, 360], [520, 360]) + line([380, 400], [500, 400]) + line([440, 440], [530, 440]),
  );
  s += line([470, 330], [540, 330], {
    stroke: ORANGE,
    "stroke-width": 6,
    "stroke-linecap": "round",
  });
  // bike + rider
  const bike = sportBike({
    style: "naked",
    head: "duke",
    tail: "duke",
    body: ORANGE,
    shroud: INDIGO,
    shroudAccent: ORANGE,
    headColor: ORANGE,
    tailAccent: "#fff",
    frame: { type: "trellis", color: "#1e1b4b" },
    wheel: { type: "cast5", rim: ORANGE, caliper: "#1e1b4b" },
    fork: { usd: true, color: "#1e1b4b" },
    engine: {},
    exhaust: { type: "stubby", can: "#1e1b4b", tip: "#c7d2fe" },
    spring: ORANGE,
    swingarm: "#1e1b4b",
  });
  const k = 0.78;
  s += el("ellipse", { cx: 760, cy: 532, rx: 230, ry: 14, fill: "#1e1b4b", opacity: 0.35 });
  s += g(
    { transform: `translate(${num(760 - 410 * k)} ${num(532 - 488 * k)}) scale(${k})` },
    bike.s + rider(),
  );
  return svgDoc(
    1200,
    600,
    "A rider on a motorbike on a road, with hills and a city behind",
    defs,
    s,
  );
}

// ---------------------------------------------------------------------------
// App icon: an orange tyre with tread notches around a white "R".

function iconMark(k = 1) {
  const c = [256, 256];
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
function iconSvg(variant = "any", k = 1) {
  const bg =
    variant === "full"
      ? el("rect", { width: 512, height: 512, fill: INDIGO })
      : el("rect", { width: 512, height: 512, rx: 112, fill: INDIGO });
  return svgDoc(512, 512, "ReRide", "", bg + iconMark(k));
}

// ---------------------------------------------------------------------------
// PNG rendering through headless Chromium (only with --png)

function pngSize(file) {
  const b = readFileSync(file);
  if (b.toString("ascii", 1, 4) !== "PNG") throw new Error(`${file} is not a PNG`);
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

function renderPng(svg, size, file) {
  const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";
  if (!existsSync(chromium))
    throw new Error(`Chromium not found at ${chromium} (apt-get install -y chromium)`);
  const dir = mkdtempSync(join(tmpdir(), "reride-art-"));
  try {
    const html = join(dir, "icon.html");
    const sized = svg.replace(
      'width="512" height="512"',
      `width="${size}" height="${size}" style="display:block"`,
    );
    writeFileSync(
      html,
      `<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`,
    );
    execFileSync(
      chromium,
      [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        `--user-data-dir=${join(dir, "profile")}`,
        `--screenshot=${file}`,
        `--window-size=${size},${size}`,
        "--default-background-color=00000000",
        `file://${html}`,
      ],
      { stdio: "ignore" },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const [w, h] = pngSize(file);
  if (w !== size || h !== size) throw new Error(`${file} is ${w}x${h}, expected ${size}x${size}`);
  return file;
}

// ---------------------------------------------------------------------------

function write(rel, content) {
  const file = out(...rel.split("/"));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

const written = [];
written.push(write("images/hero.svg", heroSvg()));
for (const l of logos) written.push(write(`images/logos/${l.file}.svg`, logoSvg(l)));
for (const b of bikes) written.push(write(`images/bikes/${b.slug}.svg`, bikeSvg(b)));

written.push(write("icons/icon.svg", iconSvg("any")));

if (process.argv.includes("--png")) {
  const icons = out("icons");
  written.push(renderPng(iconSvg("any"), 192, join(icons, "icon-192.png")));
  written.push(renderPng(iconSvg("any"), 512, join(icons, "icon-512.png")));
  // maskable: full bleed, mark well inside the central 80% safe zone
  written.push(renderPng(iconSvg("full", 0.8), 512, join(icons, "maskable-512.png")));
  // iOS masks the corners itself and shows transparency as black: full bleed
  written.push(renderPng(iconSvg("full", 0.86), 180, join(icons, "apple-touch-icon.png")));
}

for (const f of written) console.log(`wrote ${f.slice(root.length + 1)}`);
