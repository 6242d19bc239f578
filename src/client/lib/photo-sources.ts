/**
 * An uploaded photo is stored as WebP about 1600, 800 and 400 px wide
 * (docs/api.md, "Photos"), under /uploads/<id>-large.webp and -thumb.webp.
 * Given either url, this offers the browser both, so a phone downloads the
 * small one. Pasted links and the demo illustrations (SVG, sharp at any
 * size) come back as a plain src.
 */
const UPLOAD_URL = /^\/uploads\/([0-9a-f-]{36})-(?:large|medium|thumb)\.webp$/;

export interface PhotoSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/** How wide a bike card's picture is: the grid's one, two or three columns (max-w-7xl). */
export const CARD_SIZES = "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw";

export function photoSources(url: string, sizes: string): PhotoSources {
  const id = UPLOAD_URL.exec(url)?.[1];
  if (!id) return { src: url };
  const large = `/uploads/${id}-large.webp`;
  // A photo smaller than 1600 px is stored at its own width (never enlarged),
  // so 1600w can overstate it: the browser then just shows it a little soft.
  return {
    src: large,
    srcSet: `/uploads/${id}-thumb.webp 400w, /uploads/${id}-medium.webp 800w, ${large} 1600w`,
    sizes,
  };
}
