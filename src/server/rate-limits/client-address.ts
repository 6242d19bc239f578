import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * Who is calling, for per-address limits. The socket's peer, unless
 * TRUST_PROXY says that many reverse proxies stand in front: then the
 * X-Forwarded-For entry the outermost trusted proxy appended. Entries to its
 * left were written by the client and are never believed. IPv6 clients are
 * counted by their /64, which one subscriber usually holds whole.
 */
export function clientAddress(c: Context, trustedProxies: number): string {
  if (trustedProxies > 0) {
    const forwarded = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const entry = forwarded[Math.max(0, forwarded.length - trustedProxies)];
    const address = entry ? normalizeAddress(entry) : null;
    if (address) return address;
  }
  return socketAddress(c) ?? "unknown";
}

function socketAddress(c: Context): string | null {
  try {
    return normalizeAddress(getConnInfo(c).remote.address ?? "");
  } catch {
    // In-process requests (app.request in tests) have no socket.
    return null;
  }
}

/** An IPv4 address, or an IPv6 /64 prefix; null for anything that is not an address. */
export function normalizeAddress(raw: string): string | null {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) address = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.replace(/:\d+$/, "");
  address = address.replace(/%.*$/, ""); // an IPv6 zone (fe80::1%eth0)
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) address = mapped[1];
  const version = isIP(address);
  if (version === 4) return address;
  if (version === 6) return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
  return null;
}

/** The eight groups of a valid IPv6 address, without leading zeros. */
function ipv6Groups(address: string): string[] {
  const toGroups = (part: string) =>
    part === ""
      ? []
      : part.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group]));
  const [head = "", tail] = address.toLowerCase().split("::");
  const left = toGroups(head);
  const right = tail === undefined ? [] : toGroups(tail);
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => "0");
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}
