// A URL's host as DNS and the network stack read it, for every rule that judges hosts (the SSRF guard,
// permission rules): lower case (the URL parser's doing) and without trailing dots. The URL parser drops
// one trailing dot of an IPv4 address but keeps `127.0.0.1..` and `localhost..` as names, which a
// resolver then reads as the address and the name; parsing the stripped host again gives every IPv4
// spelling its dotted form once more.
import { trimEndChars } from "./trim-chars";

export function canonicalHost(hostname: string): string {
  const stripped = trimEndChars(hostname, ".");
  if (stripped === hostname || stripped === "") return hostname;
  try {
    return new URL(`http://${stripped}/`).hostname;
  } catch {
    return stripped;
  }
}
