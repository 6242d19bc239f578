import sharp from "sharp";

/** Renders a square SVG (drawn at 512 × 512) to a size × size PNG file. */
export async function renderPng(svg: string, size: number, file: string) {
  // draw the vectors at the target size rather than scaling a 512 px bitmap down
  const sized = svg.replace('width="512" height="512"', `width="${size}" height="${size}"`);
  const info = await sharp(Buffer.from(sized)).png({ compressionLevel: 9 }).toFile(file);
  if (info.width !== size || info.height !== size)
    throw new Error(`${file} is ${info.width}x${info.height}, expected ${size}x${size}`);
  return file;
}
