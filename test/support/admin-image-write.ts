// Which write of an image the admin's folder holds (the loopback caller's, images/_admin/). R2 gives every write
// a version of its own, the same bytes written again too: a test tells "stored once" from "stored again" by it,
// with no wait for the clock to move on between the writes (an upload time is only as fine as a millisecond).
import { env } from "cloudflare:workers";
import { imageKeyOf } from "./images";

/** The version of the admin's stored image of `bytes`: a new one each time it is written; undefined if it never was. */
export async function adminImageWrite(bytes: Uint8Array): Promise<string | undefined> {
  return (await env.IMAGES.head(`images/_admin/${await imageKeyOf(bytes)}`))?.version;
}
