// The admin (API_TOKEN) may speak the OpenAI-compatible wires in a tenant's session, named by X-Session-Id
// (Chat Completions), `conversation` (Responses) or the chat's `id` (/v1/ui/chat): the images it sends are
// stored in that tenant's folder, as on the native run route, so the tenant who owns the session is served them.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { script } from "../support/model-control";
import { imageKeyOf, toDataUrl, uniquePng } from "../support/images";
import { tenantApp } from "../support/tenant-app";
import { uniqueId } from "../support/worker-http";

const TENANT = "img-wire-owner-a";
const as = tenantApp({ a: TENANT, b: "img-wire-owner-b" });

/**
 * The body and headers each wire sends `input` with the image `url` in, in `session`; `after`: the turn before
 * (/v1/ui/chat re-sends it, its reply under its run id, as useChat does).
 */
const WIRES = {
  "Chat Completions": (session: string, input: string, url: string) => ({
    path: "/v1/chat/completions",
    headers: { "x-session-id": session },
    body: {
      model: "study-agent",
      messages: [{ role: "user", content: [{ type: "text", text: input }, ...(url ? [{ type: "image_url", image_url: { url } }] : [])] }],
    },
  }),
  Responses: (session: string, input: string, url: string) => ({
    path: "/v1/responses",
    headers: {},
    body: {
      model: "study-agent",
      conversation: session,
      input: [{ role: "user", content: [{ type: "input_text", text: input }, ...(url ? [{ type: "input_image", image_url: url }] : [])] }],
    },
  }),
  "/v1/ui/chat": (session: string, input: string, url: string, after?: { input: string; runId: string }) => ({
    path: "/v1/ui/chat",
    headers: {},
    body: {
      id: session,
      messages: [
        ...(after
          ? [
              { id: uniqueId("m"), role: "user", parts: [{ type: "text", text: after.input }] },
              { id: after.runId, role: "assistant", parts: [] },
            ]
          : []),
        {
          id: uniqueId("m"),
          role: "user",
          parts: [{ type: "text", text: input }, ...(url ? [{ type: "file", mediaType: "image/png", url }] : [])],
        },
      ],
    },
  }),
};

describe("an admin's images on the OpenAI-compatible wires", () => {
  it.each(Object.entries(WIRES))("%s: stored in the folder of the session's tenant", async (_wire, request) => {
    const bytes = uniquePng();
    const key = await imageKeyOf(bytes);
    const marker = await script(uniqueId("img-wire"), [{ text: "Hello." }, { text: "I see your working." }]);
    const session = uniqueId("img-wire");
    const byTenant = request(session, `${marker} hi`, "");
    const first = await as("a", "POST", byTenant.path, byTenant.body, byTenant.headers);
    expect(first.status).toBe(200);
    await first.text();
    const byAdmin = request(session, "the learner's photo", toDataUrl(bytes), { input: `${marker} hi`, runId: first.headers.get("x-run-id")! });
    const second = await as("admin", "POST", byAdmin.path, byAdmin.body, byAdmin.headers);
    expect(second.status).toBe(200);
    await second.text();

    expect(await env.IMAGES.head(`images/${TENANT}/${key}`)).not.toBeNull();
    expect(await env.IMAGES.head(`images/_admin/${key}`)).toBeNull();
    expect((await as("a", "GET", `/v1/images/${key}`)).status).toBe(200);
  });
});
