// Whether an IP address (as a runtime reports a client's) is this machine's own: 127.0.0.0/8, ::1, or
// an IPv4-mapped 127.x address. Anything else, a name included, is not: this judges connections, never
// what a client wrote in a header of its own choosing.
const IPV4_LOOPBACK = /^127\.(?:\d{1,3})\.(?:\d{1,3})\.(?:\d{1,3})$/;

export function isLoopbackAddress(address: string): boolean {
  const ip = address.trim();
  if (IPV4_LOOPBACK.test(ip)) return ip.split(".").every((part) => Number(part) <= 255);
  if (!ip.includes(":")) return false;
  let canonical: string;
  try {
    // The URL parser writes an IPv6 address in its shortest form ("0:0:0:0:0:0:0:1" → "[::1]").
    canonical = new URL(`http://[${ip}]/`).hostname;
  } catch {
    return false;
  }
  if (canonical === "[::1]") return true;
  // IPv4-mapped: the parser writes ::ffff:127.0.0.1 as [::ffff:7f00:1].
  return /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(canonical);
}
