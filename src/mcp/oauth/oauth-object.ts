// McpOAuthObject: the deployment's one store of MCP OAuth state (src/mcp/oauth/oauth-store.ts):
// per server and tenant (once for a `shared` server) the registered client, tokens and discovery, and the
// pending authorizations by `state`. One object, so a token obtained in one session serves every
// session and the callback finds the flow whichever request started it. Tokens never leave it except
// to the MCP client; nothing here logs them. With MCP_TOKEN_KEY set, records and flows are sealed at
// rest (AES-GCM, src/lib/sealed-json.ts); one stored before sealing is read as it is and sealed at its
// next write; one sealed under another key is unreadable, so its server asks for authorization again.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../../env";
import { isSealed, seal, sealingKey, unseal } from "../../lib/sealed-json";
import { migrate } from "../../lib/schema-migrations";
import { mcpSettings } from "../settings";
import { mergeRecord, type McpOAuthFlow, type McpOAuthRecord, type McpOAuthStore } from "./oauth-store";
import { MCP_OAUTH_MIGRATIONS } from "./oauth-schema";

const RECORD = "record:";
const FLOW = "flow:";
const ORIGIN = "origin";

export class McpOAuthObject extends DurableObject<Env> {
  private key: Promise<CryptoKey | undefined> | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, MCP_OAUTH_MIGRATIONS);
  }

  async read(key: string): Promise<McpOAuthRecord> {
    return (await this.get<McpOAuthRecord>(RECORD + key)) ?? {};
  }

  async update(key: string, patch: Partial<McpOAuthRecord>): Promise<void> {
    // Input gates keep this read-modify-write atomic against other calls to the object.
    await this.put(RECORD + key, mergeRecord(await this.read(key), patch));
  }

  async clear(key: string): Promise<void> {
    await this.ctx.storage.delete(RECORD + key);
  }

  async putFlow(state: string, flow: McpOAuthFlow): Promise<void> {
    await this.put(FLOW + state, flow);
    // Flows nobody finished are swept when they expire.
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm > flow.expiresAt) await this.ctx.storage.setAlarm(flow.expiresAt);
  }

  async takeFlow(state: string, now: number): Promise<McpOAuthFlow | undefined> {
    const flow = await this.get<McpOAuthFlow>(FLOW + state);
    if (flow) await this.ctx.storage.delete(FLOW + state);
    return flow && flow.expiresAt > now ? flow : undefined;
  }

  /** The origin the API was last reached at: the redirect URI's base for runs when PUBLIC_URL is unset. */
  async rememberOrigin(origin: string): Promise<void> {
    if ((await this.ctx.storage.get(ORIGIN)) !== origin) await this.ctx.storage.put(ORIGIN, origin);
  }

  async origin(): Promise<string | undefined> {
    return this.ctx.storage.get<string>(ORIGIN);
  }

  async alarm(): Promise<void> {
    const now = Date.now();
    const flows = await Promise.all(
      [...(await this.ctx.storage.list({ prefix: FLOW })).keys()].map(async (k) => [k, await this.get<McpOAuthFlow>(k)] as const),
    );
    // A flow that cannot be read (sealed under another key) is as good as expired.
    const expired = flows.filter(([, f]) => !f || f.expiresAt <= now).map(([k]) => k);
    if (expired.length) await this.ctx.storage.delete(expired);
    const next = Math.min(...flows.flatMap(([, f]) => (f && f.expiresAt > now ? [f.expiresAt] : [])));
    if (Number.isFinite(next)) await this.ctx.storage.setAlarm(next);
  }

  /** The sealing key of MCP_TOKEN_KEY; undefined when it is unset (values are stored as they are). */
  private sealing(): Promise<CryptoKey | undefined> {
    const secret = mcpSettings(this.env).MCP_TOKEN_KEY;
    this.key ??= secret ? sealingKey(secret) : Promise.resolve(undefined);
    return this.key;
  }

  private async put(key: string, value: object): Promise<void> {
    const sealing = await this.sealing();
    await this.ctx.storage.put(key, sealing ? await seal(sealing, value) : value);
  }

  private async get<T>(key: string): Promise<T | undefined> {
    const stored = await this.ctx.storage.get<unknown>(key);
    if (!isSealed(stored)) return stored as T | undefined;
    const sealing = await this.sealing();
    try {
      if (!sealing) throw new Error("MCP_TOKEN_KEY is unset");
      return await unseal<T>(sealing, stored);
    } catch (e) {
      console.warn(
        `MCP OAuth state ${key.split(":")[0]} is sealed under another key and cannot be read (${e instanceof Error ? e.message : e}); it is ignored.`,
      );
      return undefined;
    }
  }
}

export const mcpOAuthObject = (env: Env) => env.MCP_OAUTH.getByName("deployment");

/**
 * The deployment's OAuth store, through the one McpOAuthObject. A stub per call: a Worker isolate keeps
 * the store across requests, and a stub (an I/O object) may not outlive the request that made it.
 */
export function mcpOAuthStore(env: Env): McpOAuthStore {
  return {
    read: (key) => mcpOAuthObject(env).read(key) as Promise<McpOAuthRecord>,
    update: (key, patch) => mcpOAuthObject(env).update(key, patch),
    clear: (key) => mcpOAuthObject(env).clear(key),
    putFlow: (state, flow) => mcpOAuthObject(env).putFlow(state, flow),
    takeFlow: (state, now) => mcpOAuthObject(env).takeFlow(state, now) as Promise<McpOAuthFlow | undefined>,
  };
}
