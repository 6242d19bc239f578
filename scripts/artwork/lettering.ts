/**
 * Lettering: a blocky geometric alphabet drawn as paths (cap height 48, stroke 11),
 * so the wordmarks never depend on installed fonts. Counters use evenodd.
 */
import { num } from "./svg";

/** Advance width and outlines (flat x, y lists) of one letter. */
interface Glyph {
  w: number;
  d: number[][];
}

const GLYPHS: Record<string, Glyph> = {
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

function glyph(ch: string) {
  const found = GLYPHS[ch];
  if (!found) throw new Error(`no glyph for "${ch}"`);
  return found;
}

export function textWidth(text: string, spacing: number) {
  return [...text].reduce((w, ch) => w + glyph(ch).w, 0) + spacing * (text.length - 1);
}

/** Path data for `text` with its top-left at (x, y), scaled by k and slanted by `slant` (x per y). */
export function lettering(text: string, x: number, y: number, k: number, spacing = 5, slant = 0.2) {
  let d = "";
  let cx = 0;
  for (const ch of text) {
    const { w, d: rings } = glyph(ch);
    for (const ring of rings) {
      const pts: string[] = [];
      for (let i = 0; i < ring.length; i += 2) {
        const gy = ring[i + 1] ?? 0;
        const gx = (ring[i] ?? 0) + cx + (48 - gy) * slant;
        pts.push(`${num(x + gx * k)} ${num(y + gy * k)}`);
      }
      d += `M${pts.join(" L")}Z`;
    }
    cx += w + spacing;
  }
  return d;
}
