// MCP OAuth tokens at rest: with MCP_TOKEN_KEY set (the workers pool sets it), the McpOAuthObject stores
// records and flows sealed (AES-GCM), so its storage never holds a token in the clear; the MCP client
// reads them as before. A record from before sealing is still read, and sealed at its next write; one
// sealed under another key is ignored (its server asks for authorization again).
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { seal, sealingKey } from "../../../src/lib/sealed-json";
import type { McpOAuthObject } from "../../../src/mcp/oauth/oauth-object";
import { uniqueId } from "../../support/worker-http";

const TOKENS = { access_token: "at-very-secret-123", refresh_token: "rt-very-secret-456", token_type: "Bearer", expires_in: 3600 };
const CLIENT = { client_id: "client-1", client_secret: "cs-very-secret-789" };

const oauthObject = () => env.MCP_OAUTH.getByName(uniqueId("oauth"));

describe("MCP OAuth state sealed at rest", () => {
  it("stores records and flows sealed, and reads them back whole", async () => {
    await runInDurableObject(oauthObject(), async (object: McpOAuthObject, state) => {
      await object.update("linear", { tokens: TOKENS, clientInformation: CLIENT, tokensSavedAt: 1 });
      await object.putFlow("state-1", { server: "linear", codeVerifier: "verifier-very-secret", expiresAt: Date.now() + 600_000 });
      const raw = JSON.stringify([...(await state.storage.list()).entries()]);
      for (const secret of ["at-very-secret-123", "rt-very-secret-456", "cs-very-secret-789", "verifier-very-secret"]) expect(raw).not.toContain(secret);
      expect(await state.storage.get("record:linear")).toEqual({ sealed: expect.stringMatching(/^v1\./) });

      expect(await object.read("linear")).toEqual({ tokens: TOKENS, clientInformation: CLIENT, tokensSavedAt: 1 });
      expect(await object.takeFlow("state-1", Date.now())).toMatchObject({ server: "linear", codeVerifier: "verifier-very-secret" });
      expect(await object.takeFlow("state-1", Date.now())).toBeUndefined();
    });
  });

  it("reads a record stored before sealing and seals it at the next write; ignores one sealed under another key", async () => {
    await runInDurableObject(oauthObject(), async (object: McpOAuthObject, state) => {
      await state.storage.put("record:old", { tokens: TOKENS });
      expect(await object.read("old")).toEqual({ tokens: TOKENS });
      await object.update("old", { tokensSavedAt: 2 });
      expect(await state.storage.get("record:old")).toEqual({ sealed: expect.any(String) });
      expect(await object.read("old")).toEqual({ tokens: TOKENS, tokensSavedAt: 2 });

      await state.storage.put("record:other", await seal(await sealingKey("another deployment's key"), { tokens: TOKENS }));
      expect(await object.read("other")).toEqual({});
    });
  });
});
