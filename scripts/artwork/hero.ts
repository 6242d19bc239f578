/** The home page's hero: a rider on the road, hills and a city behind, in ReRide's colours. */
import { INDIGO, ORANGE } from "./palette";
import { sportBike } from "./sport";
import { circle, el, g, line, linear, num, path, radial, svgDoc } from "./svg";

/** x, y and scale of each tree on the hills. */
const TREES: [number, number, number][] = [
  [90, 420, 1],
  [130, 428, 0.8],
  [610, 430, 0.9],
  [1010, 412, 1.1],
  [1056, 420, 0.8],
  [360, 416, 0.7],
];

/** A small seeded generator, so the skyline is the same on every run. */
function rng(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

function rider() {
  // in bike coordinates (see SPORT); the rider sits on the seat, hands on the bar
  const limb = (d: string, w: number, color: string) =>
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

export function heroSvg() {
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
  const cloud = (x: number, y: number, k: number) =>
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
  for (const [x, y, k] of TREES) {
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
