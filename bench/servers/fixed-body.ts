import { listen } from "./common";

/**
 * The machine's speed this run: raw node:http answering every path with the
 * same 11 bytes. Nothing of ReRide's or of any database is in it, so what it
 * serves moves only with the machine and what else runs on it (bench/lib/speed.ts).
 */
const BODY = Buffer.from("hello world");

listen((_req, res) => {
  res.writeHead(200, { "content-type": "text/plain", "content-length": BODY.length }).end(BODY);
});
