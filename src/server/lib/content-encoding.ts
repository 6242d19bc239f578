import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type ContentEncoding = "br" | "gzip";

/**
 * The compression a client takes, from its Accept-Encoding: brotli first,
 * then gzip, else none. A coding listed with q=0 is refused.
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.toLowerCase().split(";");
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    if (quality !== undefined && !(Number(quality.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}

/**
 * Compresses a response made at request time: brotli at a middle quality
 * (a fraction of a millisecond for a page of bikes, most of the size gain of
 * the slowest settings), gzip at its default.
 */
export function compress(bytes: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === "br"
    ? brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      })
    : gzipSync(bytes);
}
