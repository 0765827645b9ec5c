// The address rule every tool fetch obeys: the model chooses URLs (and pages it reads may try to
// choose them for it), so a URL must not reach the Worker's own network, a cloud metadata
// service or anything else that is not the public internet.
//
// The WHATWG URL parser does the hard part: it turns every IPv4 spelling (decimal 2130706433,
// hex 0x7f000001 and 0x7f.0.0.1, octal 0177.0.0.1, short 127.1, percent-encoded, full-width digits)
// into dotted form, and IPv6 (with an IPv4 tail) into compressed hex. So the rules below only have
// to judge those two canonical forms and the host names.
//
// Limitation: Workers have no DNS API, so a public name that resolves to a private address
// (DNS rebinding, or simply an A record of 127.0.0.1) cannot be caught here. Cloudflare's own
// fetch does not reach private networks from a deployed Worker, which bounds the harm there;
// under `wrangler dev` or Node it does not, so keep local runs off sensitive networks.

import { canonicalHost } from "../lib/canonical-host";

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

export interface AddressPolicy {
  /**
   * Lets loopback, private and local names through (ALLOW_PRIVATE_FETCH, local tests only). Link-local
   * (cloud metadata), unspecified, multicast and reserved addresses stay refused even then: no local
   * test needs them, and a page read during a test must not reach them either.
   */
  allowPrivate: boolean;
}

/** The refusals ALLOW_PRIVATE_FETCH lifts. */
const LIFTED_BY_ALLOW_PRIVATE = /loopback|private address|local network name|single-label|unique-local|carrier-grade/;

/** Whether a tool may fetch `input`; the parsed URL when it may, the reason when not. */
export function checkUrl(input: string | URL, policy: AddressPolicy): UrlCheck {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, reason: `not a valid absolute URL: ${String(input).slice(0, 200)}` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, reason: `only http and https URLs may be fetched, not ${url.protocol}` };
  }
  const host = canonicalHost(url.hostname);
  const refusal = refuseHost(host);
  if (!refusal || (policy.allowPrivate && LIFTED_BY_ALLOW_PRIVATE.test(refusal))) return { ok: true, url };
  return { ok: false, reason: `${host} is ${refusal}; only public addresses may be fetched` };
}

/**
 * Cloud metadata services (GCP, AWS over IPv4 and IPv6, Alibaba; Azure and most others share AWS's
 * 169.254.169.254): refused whatever ALLOW_PRIVATE_FETCH says, since they hand out credentials.
 */
const CLOUD_METADATA = new Set([
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "instance-data",
  "instance-data.ec2.internal",
  "[fd00:ec2::254]",
  "100.100.100.200",
]);

/** Why `host` (canonical, as canonicalHost gives it) is not a public host, or null when it is. */
function refuseHost(host: string): string | null {
  if (CLOUD_METADATA.has(host)) return "a cloud metadata service";
  if (host.startsWith("[")) return refuseIpv6(host.slice(1, -1));
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return refuseIpv4(host.split(".").map(Number));
  if (host === "localhost" || host.endsWith(".localhost")) return "a loopback name";
  if (host.endsWith(".local") || host.endsWith(".internal") || host.endsWith(".home.arpa")) return "a local network name";
  // A name without a dot only resolves through a local search domain (metadata, intranet, …).
  if (!host.includes(".")) return "a single-label local name";
  return null;
}

/** IPv4 blocks that are not public unicast hosts, [first octets, prefix length, what it is]. */
const IPV4_BLOCKS: [number[], number, string][] = [
  [[0], 8, "an unspecified (this-network) address"],
  [[10], 8, "a private address"],
  [[100, 64], 10, "a carrier-grade NAT address"],
  [[127], 8, "a loopback address"],
  [[169, 254], 16, "a link-local address (cloud metadata lives here)"],
  [[172, 16], 12, "a private address"],
  [[192, 0, 0], 24, "an IETF protocol address"],
  [[192, 0, 2], 24, "a documentation address"],
  [[192, 88, 99], 24, "a 6to4 relay address"],
  [[192, 168], 16, "a private address"],
  [[198, 18], 15, "a benchmarking address"],
  [[198, 51, 100], 24, "a documentation address"],
  [[203, 0, 113], 24, "a documentation address"],
  [[224], 4, "a multicast address"],
  [[240], 4, "a reserved or broadcast address"],
];

function refuseIpv4(octets: number[]): string | null {
  const value = ipv4Value(octets);
  for (const [start, bits, what] of IPV4_BLOCKS) {
    const base = ipv4Value([...start, 0, 0, 0].slice(0, 4));
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    if ((value & mask) >>> 0 === base) return what;
  }
  return null;
}

const ipv4Value = (o: number[]): number => ((o[0]! << 24) | (o[1]! << 16) | (o[2]! << 8) | o[3]!) >>> 0;

function refuseIpv6(text: string): string | null {
  const g = ipv6Groups(text);
  if (!g) return "an address that could not be read";
  const zerosBefore = (n: number) => g.slice(0, n).every((x) => x === 0);
  // The IPv4 address carried in the last 32 bits (or bits 16–48 for 6to4).
  const tail = [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255];
  const embedded = (octets: number[], how: string) => {
    const r = refuseIpv4(octets);
    return r ? `${how} of ${r}` : null;
  };
  if (zerosBefore(8)) return "the unspecified address";
  if (zerosBefore(7) && g[7] === 1) return "the loopback address";
  if (zerosBefore(5) && g[5] === 0xffff) return embedded(tail, "an IPv4-mapped form");
  if (zerosBefore(4) && g[4] === 0xffff && g[5] === 0) return embedded(tail, "an IPv4-translated form");
  if (zerosBefore(6)) return embedded(tail, "an IPv4-compatible form");
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return embedded(tail, "a NAT64 form");
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return "a local-use NAT64 address";
  if (g[0] === 0x2002) return embedded([g[1]! >> 8, g[1]! & 255, g[2]! >> 8, g[2]! & 255], "a 6to4 form");
  if (g[0] === 0x2001 && g[1] === 0) return "a Teredo tunnel address";
  if (g[0] === 0x2001 && g[1] === 0xdb8) return "a documentation address";
  if (g[0] === 0x100 && zerosBefore(4)) return "a discard-only address";
  if ((g[0]! & 0xfe00) === 0xfc00) return "a unique-local address";
  if ((g[0]! & 0xffc0) === 0xfe80) return "a link-local address";
  if ((g[0]! & 0xffc0) === 0xfec0) return "a site-local address";
  if ((g[0]! & 0xff00) === 0xff00) return "a multicast address";
  return null;
}

/** Eight 16-bit groups of a compressed hex IPv6 address (URL.hostname's form), or null. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parts = (s: string) => (s ? s.split(":") : []);
  const head = parts(halves[0]!);
  const rest = halves.length === 2 ? parts(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (!all.every((p) => /^[0-9a-f]{1,4}$/i.test(p))) return null;
  return all.map((p) => parseInt(p, 16));
}
