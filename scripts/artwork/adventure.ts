/** Adventure chassis: taller, with a 21-inch front wheel. */
import { engineBlock } from "./engine";
import { darken, lighten } from "./geometry";
import type { AdventureStyle, Drawn, Geometry } from "./models";
import {
  chain,
  fender,
  fork,
  grip,
  mirror,
  muffler,
  peg,
  pipe,
  RUBBER,
  shock,
  swingarm,
} from "./parts";
import { el, g, path } from "./svg";
import { wheel } from "./wheel";

const ADV: Geometry = {
  ground: 500,
  R: [222, 396],
  rr: 104,
  F: [616, 384],
  fr: 116,
  head: [540, 176],
  pivot: [384, 340],
};

export function advBike(m: AdventureStyle): Drawn {
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
