import type { Page } from "playwright-core";

/**
 * axe-core cannot judge text over any background image and reports it as
 * "needs review", not as a failure. That is a lot of ReRide: the page
 * headers (the hero, the blog's, the login box's, the dashboard's welcome)
 * sit on soft gradients, and every daisyUI button and field carries a noise
 * image layer. This measures that text itself: the text colour against every
 * colour stop of every gradient behind it, each blended over what lies
 * below, and fails below WCAG 1.4.3's 4.5:1 (3:1 for large text). Text on
 * plain colours alone is left to axe.
 *
 * url() layers count as transparent: ReRide has no background pictures, and
 * daisyUI's noise is drawn at size 0 while the theme's --noise is 0.
 */
export async function expectReadableOnBackgrounds(page: Page, label: string): Promise<void> {
  const failures = await page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("no 2D canvas to resolve colours with");
    /** Any CSS colour (oklch, color-mix results, …) as sRGB through the canvas. */
    const resolve = (css: string): Rgba => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = "#000";
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const a = top[3];
      return [
        top[0] * a + below[0] * (1 - a),
        top[1] * a + below[1] * (1 - a),
        top[2] * a + below[2] * (1 - a),
        1,
      ];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const linear = (channel: number) => {
        const c = channel / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };
    const stopsOf = (image: string): Rgba[] =>
      image.includes("gradient(")
        ? (
            image.match(/(?:rgba?|hsla?|oklch|oklab|lab|lch|color)\([^()]*\)|\btransparent\b/g) ??
            []
          ).map(resolve)
        : [];

    /** Every backdrop the element's text may sit on, and whether axe skipped it for an image. */
    const backdrops = (element: Element): { colours: Rgba[]; imaged: boolean } => {
      const layers: { colour: Rgba; stops: Rgba[]; image: boolean }[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        const colour = resolve(style.backgroundColor);
        layers.unshift({
          colour,
          stops: stopsOf(style.backgroundImage),
          image: style.backgroundImage !== "none",
        });
        if (colour[3] === 1) break;
      }
      let colours: Rgba[] = [[255, 255, 255, 1]];
      for (const layer of layers) {
        colours = colours.map((below) => over(layer.colour, below));
        if (layer.stops.length > 0) {
          colours = colours.flatMap((below) => layer.stops.map((stop) => over(stop, below)));
        }
      }
      return { colours, imaged: layers.some((layer) => layer.image) };
    };

    const problems: string[] = [];
    for (const element of document.querySelectorAll("body *")) {
      const ownText = Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? "")
        .join("")
        .trim();
      if (!ownText || element.closest("[aria-hidden=true], :disabled")) continue;
      const box = element.getBoundingClientRect();
      if (
        box.width <= 1 ||
        box.height <= 1 ||
        !element.checkVisibility({ opacityProperty: true })
      ) {
        continue;
      }
      const { colours, imaged } = backdrops(element);
      if (!imaged) continue;
      const style = getComputedStyle(element);
      const size = Number.parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number.parseInt(style.fontWeight, 10) >= 700);
      const needed = large ? 3 : 4.5;
      const text = resolve(style.color);
      const worst = Math.min(...colours.map((backdrop) => ratio(over(text, backdrop), backdrop)));
      if (worst < needed) {
        problems.push(
          `"${ownText.slice(0, 50)}" (${element.tagName.toLowerCase()}, ${size}px) is ${worst.toFixed(2)}:1 on its background, needs ${needed}:1`,
        );
      }
    }
    return problems;
  });
  if (failures.length > 0) {
    throw new Error(
      `${label}: text below AA contrast on a background axe cannot read:\n  - ${failures.join("\n  - ")}`,
    );
  }
}
