// The client under test for the MCP conformance suite (@modelcontextprotocol/conformance, client
// mode): our McpManager and OAuth client, exactly as a run and the /v1/mcp routes use them, with
// this script playing the user. The suite starts a scenario's servers, runs this with the server
// URL as last argument, the scenario in MCP_CONFORMANCE_SCENARIO and its credentials (pre-registered
// client, keys, IdP token) in MCP_CONFORMANCE_CONTEXT, then checks what it saw.
// The user's part: put the credentials in the server's MCP_SERVERS entry, open the authorization URL
// a server asks for (the suite's authorization server redirects at once, as after a consent click),
// hand the callback's code and state to the OAuth callback, accept elicitations with the defaults.
// Bundled and driven by scripts/mcp-conformance.mjs.
import { RunState } from "../src/agent/run-state";
import { parseMcpConfig } from "../src/tools/mcp/config";
import { McpManager } from "../src/tools/mcp/manager";
import { completeAuthorization } from "../src/tools/mcp/oauth/authorization";
import { InMemoryOAuthStore } from "../src/tools/mcp/oauth/oauth-store";
import type { McpOAuthContext } from "../src/tools/mcp/oauth/oauth-provider";

/** Tool arguments where a scenario's tool needs some; every other tool is called with none. */
const ARGS: Record<string, Record<string, unknown>> = { add_numbers: { a: 5, b: 3 } };
/** The suite's client ID metadata document URL (it checks that exact client_id). */
const CLIENT_METADATA_URL = "https://conformance-test.local/client-metadata.json";
/** How often the "user" authorizes before giving up (the client itself limits step-ups). */
const MAX_AUTHORIZATIONS = 5;

type Context = Record<string, string | undefined>;

/** The `auth` entry a user would configure for the scenario's server, from the credentials the suite hands out. */
function authEntry(scenario: string, ctx: Context): Record<string, unknown> | undefined {
  if (scenario === "auth/client-credentials-jwt") {
    return { grant: "client_credentials", clientId: ctx.client_id, privateKeyJwt: { privateKey: ctx.private_key_pem, algorithm: ctx.signing_algorithm } };
  }
  if (scenario === "auth/client-credentials-basic") return { grant: "client_credentials", clientId: ctx.client_id, clientSecret: ctx.client_secret };
  if (scenario === "auth/cross-app-access-complete-flow") {
    return {
      grant: "cross_app_access",
      clientId: ctx.client_id,
      clientSecret: ctx.client_secret,
      idpIssuer: ctx.idp_issuer,
      idpClientId: ctx.idp_client_id,
      idpIdToken: ctx.idp_id_token,
    };
  }
  if (ctx.client_id) return { clientId: ctx.client_id, ...(ctx.client_secret && { clientSecret: ctx.client_secret }) };
  return undefined;
}

/** The browser: opens the authorization URL and brings back where it redirects (code and state). */
async function visit(authorizationUrl: string): Promise<{ code: string; state: string }> {
  const response = await fetch(authorizationUrl, { redirect: "manual" });
  const location = response.headers.get("location");
  if (!location) throw new Error(`authorization endpoint answered ${response.status} without a redirect`);
  const back = new URL(location);
  const code = back.searchParams.get("code");
  const state = back.searchParams.get("state");
  if (!code || !state) throw new Error(`redirected without code and state: ${location}`);
  return { code, state };
}

async function main(): Promise<number> {
  const url = process.argv.at(-1) ?? "";
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
  const ctx = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}") as Context;
  const auth = authEntry(scenario, ctx);
  const config = parseMcpConfig({ mcpServers: { conformance: { url, ...(auth && { auth }) } } });
  const oauth: McpOAuthContext = {
    store: new InMemoryOAuthStore(),
    redirectUrl: "http://127.0.0.1:8787/v1/mcp/oauth/callback",
    clientMetadataUrl: CLIENT_METADATA_URL,
    // The suite's authorization servers listen on loopback, as ALLOW_PRIVATE_FETCH=true allows in tests.
    addressPolicy: { allowPrivate: true },
  };
  let authorizations = 0;
  const authorize = async (authorizationUrl: string) => {
    if (++authorizations > MAX_AUTHORIZATIONS) throw new Error("too many authorizations");
    console.log(`authorizing at ${authorizationUrl}`);
    await completeAuthorization(config.servers, oauth, await visit(authorizationUrl));
  };
  const manager = new McpManager(config, { oauth, elicit: async () => ({ action: "accept", content: {} }) });
  try {
    let connected = await manager.connectAll();
    while (connected.authorizations.length > 0) {
      await authorize(connected.authorizations[0].authorizationUrl);
      connected = await manager.connectAll();
    }
    if (connected.warnings.length > 0) {
      console.error(connected.warnings.map((w) => w.message).join("\n"));
      return 1;
    }
    console.log(`tools: ${connected.tools.map((t) => t.name).join(", ")}`);
    for (const tool of connected.tools) {
      for (;;) {
        let asked: string | undefined;
        const result = await tool.run(ARGS[tool.name.replace(/^mcp__conformance__/, "")] ?? {}, {
          runId: "conformance",
          sessionId: "conformance",
          callId: "call_1",
          signal: AbortSignal.timeout(20_000),
          emit: (event) => {
            if (event.type === "mcp.authorization_required") asked = event.authorizationUrl;
            console.log(JSON.stringify(event));
          },
          runState: new RunState(),
        });
        console.log(`${tool.name} ${result.status}: ${result.content}`);
        if (asked) {
          await authorize(asked);
          continue;
        }
        if (result.status !== "success") return 1;
        break;
      }
    }
    return 0;
  } finally {
    await manager.close();
  }
}

process.exit(await main());
