import { readFileSync } from "node:fs";
import { listen, required } from "./common";

/**
 * (a) The limit: raw node:http answering each path with a fixed JSON body,
 * prepared once as a Buffer. The bodies are ReRide's own answers captured by
 * the bench (same bytes), so this is what node:http can do at all on this
 * machine: no routing, no database, no serialisation.
 */
const bodies = new Map<string, Buffer>(
  Object.entries(
    JSON.parse(readFileSync(required("BODIES_FILE"), "utf8")) as Record<string, string>,
  ).map(([path, body]) => [path, Buffer.from(body)]),
);

listen((req, res) => {
  const body = bodies.get((req.url ?? "").split("?")[0] ?? "");
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res
    .writeHead(200, { "content-type": "application/json", "content-length": body.length })
    .end(body);
});
