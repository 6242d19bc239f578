/** Sport, half-faired and naked bikes on one chassis. */
import { engineBlock } from "./engine";
import { darken, lighten } from "./geometry";
import type { Drawn, Geometry, SportStyle } from "./models";
import { chain, fender, fork, grip, muffler, peg, pipe, RUBBER, shock, swingarm } from "./parts";
import { faired, nakedFront } from "./sport-front";
import { el, g, line, path } from "./svg";
import { wheel } from "./wheel";

const SPORT: Geometry = {
  ground: 488,
  R: [232, 388],
  rr: 100,
  F: [590, 388],
  fr: 100,
  head: [530, 204],
  pivot: [382, 350],
};

export function sportBike(m: SportStyle, id = ""): Drawn {
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
  else s += faired(m, id, full);

  return { s, G };
}

function exhaustSport(m: SportStyle) {
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
