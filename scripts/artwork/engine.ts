/** The engine shared by the sport, naked and adventure chassis; placed by an offset. */
import { band, lerp, polar } from "./geometry";
import type { EngineStyle } from "./models";
import { cylinder, ENGINE, ENGINE_MID } from "./parts";
import { circle, el, g, line, path, poly } from "./svg";

export function engineBlock(o: EngineStyle, dx = 0, dy = 0) {
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
