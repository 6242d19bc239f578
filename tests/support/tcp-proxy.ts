import { createConnection, createServer, type Socket } from "node:net";

/**
 * A TCP proxy on 127.0.0.1 between the app and its PostgreSQL, for fault
 * tests: `cut()` drops every open connection and refuses new ones (the
 * database "went away"), `restore()` lets connections through again. The
 * shared PostgreSQL server itself is never touched.
 */
export interface TcpProxy {
  port: number;
  /** The same database URL, through the proxy. */
  urlFor(databaseUrl: string): string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(
  target: { host: string; port: number },
  options: { up?: boolean } = {},
): Promise<TcpProxy> {
  let up = options.up ?? true;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    const upstream = createConnection(target);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
      // A cut connection errors on both sides: expected here.
      socket.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("proxy has no port");
  const cut = () => {
    up = false;
    for (const socket of open) socket.destroy();
  };
  return {
    port: address.port,
    urlFor: (databaseUrl) => {
      const url = new URL(databaseUrl);
      url.hostname = "127.0.0.1";
      url.port = String(address.port);
      return url.toString();
    },
    cut,
    restore: () => {
      up = true;
    },
    close: async () => {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** host and port of a postgres:// URL. */
export function serverOf(databaseUrl: string): { host: string; port: number } {
  const url = new URL(databaseUrl);
  return { host: url.hostname || "127.0.0.1", port: Number(url.port || 5432) };
}
