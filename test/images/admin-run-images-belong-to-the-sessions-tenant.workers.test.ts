// The admin (API_TOKEN) may run in a tenant's session on its behalf: the images of that run are stored in
// the tenant's folder, so the tenant who owns the session is served them and its later runs show them to
// the model, while another tenant still finds none of them. The admin's own sessions keep the admin's folder.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { imageKeyOf, toDataUrl, uniquePng } from "../support/images";
import { tenantApp } from "../support/tenant-app";
import { uniqueId } from "../support/worker-http";

const as = tenantApp({ a: "img-owner-a", b: "img-owner-b" });
type WirePart = { type: string; image_url?: { url: string } };
/** The data URLs of the image parts a recorded model request carried. */
const imageUrlsOf = (messages: Array<{ content?: unknown }>) =>
  messages.flatMap((m) => (Array.isArray(m.content) ? (m.content as WirePart[]).flatMap((p) => (p.image_url ? [p.image_url.url] : [])) : []));

describe("an admin's run with images", () => {
  it("in a tenant's session stores them for that tenant, who sees them and whose later runs show them", async () => {
    const bytes = uniquePng();
    const url = toDataUrl(bytes);
    const key = await imageKeyOf(bytes);
    const scriptKey = uniqueId("img-owner");
    const marker = await script(scriptKey, [{ text: "Hello." }, { text: "I see your working." }, { text: "Still the same photo." }]);
    const session = uniqueId("img-owner");
    expect((await as("a", "POST", `/v1/sessions/${session}/runs`, { input: `${marker} hi` })).status).toBe(200);
    expect((await as("admin", "POST", `/v1/sessions/${session}/runs`, { input: "the learner's photo", images: [url] })).status).toBe(200);

    expect(await env.IMAGES.head(`images/img-owner-a/${key}`)).not.toBeNull();
    expect(await env.IMAGES.head(`images/_admin/${key}`)).toBeNull();
    const served = await as("a", "GET", `/v1/images/${key}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    expect((await as("b", "GET", `/v1/images/${key}`)).status).toBe(404);

    expect((await as("a", "POST", `/v1/sessions/${session}/runs`, { input: "and now?" })).status).toBe(200);
    const [, byAdmin, byTenant] = (await requests(scriptKey)).requests;
    expect(imageUrlsOf(byAdmin!.messages)).toEqual([url]);
    expect(imageUrlsOf(byTenant!.messages)).toEqual([url]);
  });

  it("in a session of its own keeps them in the admin's folder", async () => {
    const bytes = uniquePng();
    const marker = await script(uniqueId("img-admin"), [{ text: "Seen." }]);
    const res = await as("admin", "POST", `/v1/sessions/${uniqueId("img-admin")}/runs`, { input: `${marker} look`, images: [toDataUrl(bytes)] });
    expect(res.status).toBe(200);
    const key = await imageKeyOf(bytes);
    expect(await env.IMAGES.head(`images/_admin/${key}`)).not.toBeNull();
    expect((await as("admin", "GET", `/v1/images/${key}`)).status).toBe(200);
    expect((await as("a", "GET", `/v1/images/${key}`)).status).toBe(404);
  });
});
