/** Category wordmarks: an emblem above the brand's name, 240 × 120. */
import { polar } from "./geometry";
import { lettering, textWidth } from "./lettering";
import { type Attrs, circle, path, poly, svgDoc } from "./svg";

interface Logo {
  /** public/images/logos/<file>.svg */
  file: string;
  label: string;
  word: string;
  color: string;
  spacing?: number;
  /** The emblem drawn around its centre. */
  emblem: (cx: number, cy: number) => string;
}

export function logoSvg(brand: Logo) {
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

const hexagon = (cx: number, cy: number, r: number, a: Attrs) =>
  poly(
    [0, 1, 2, 3, 4, 5].map((i) => polar([cx, cy], r, i * 60 + 30)),
    a,
  );

export const logos: Logo[] = [
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
