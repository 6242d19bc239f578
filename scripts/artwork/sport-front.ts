/** The front of a sport bike: a fairing with its screen, or a naked bike's headlight and bars. */
import { darken } from "./geometry";
import type { SportStyle } from "./models";
import { grip, mirror } from "./parts";
import { circle, el, g, path, poly } from "./svg";

export function faired(m: SportStyle, id: string, full: boolean) {
  const body = m.body;
  const body2 = m.body2 ?? body;
  let s = "";
  if (full) {
    const outline =
      "M652 258 C644 268 622 274 600 274 C566 284 528 300 508 326 C492 348 484 380 478 412 C472 438 452 452 424 454 L366 450 C354 444 350 428 356 410 C366 376 380 352 398 332 C420 306 446 290 470 280 L522 262 L546 224 L612 214 C632 226 646 242 652 258Z";
    s += el("clipPath", { id: `${id}f` }, path(outline));
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
    s += g({ "clip-path": `url(#${id}f)` }, inner);
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

export function nakedFront(m: SportStyle) {
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
