/** Cruiser chassis: long, low and raked, with a V-twin. */
import { band, polar } from "./geometry";
import type { CruiserStyle, Drawn, Geometry } from "./models";
import {
  chain,
  cylinder,
  ENGINE,
  fender,
  fork,
  grip,
  mirror,
  peg,
  pipe,
  shock,
  swingarm,
} from "./parts";
import { circle, el, line, path, poly } from "./svg";
import { wheel } from "./wheel";

const RIM = "#8f969f";

/** An ellipse with a thin steel rim: covers, the air filter, the headlight. */
const rimmed = (cx: number, cy: number, rx: number, ry: number, fill: string) =>
  el("ellipse", { cx, cy, rx, ry, fill, stroke: RIM, "stroke-width": 3 });

const CRUISER: Geometry = {
  ground: 490,
  R: [200, 398],
  rr: 92,
  F: [632, 390],
  fr: 100,
  head: [552, 212],
  pivot: [372, 376],
};

export function cruiserBike(m: CruiserStyle): Drawn {
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
  s += rimmed(444, 398, 26, 22, chrome);
  s += circle(400, 404, 12, { fill: chrome });
  // air filter
  s += rimmed(438, 318, 18, 22, chrome);

  // exhaust: twin long pipes
  s += pipe("M496 314 C520 360 500 410 450 420 L150 420", 11, chrome);
  s += pipe("M398 320 C380 350 380 392 360 404 L150 404", 11, chrome);
  s += path("M150 396 L132 396 L140 412 L150 412Z M150 412 L132 412 L140 428 L150 428Z", {
    fill: RIM,
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
  s += rimmed(614, 248, 10, 22, "#eaf6ff");
  s += line([570, 240], [584, 244], { stroke: RIM, "stroke-width": 6 });
  return { s, G };
}
