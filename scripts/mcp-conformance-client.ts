// The client under test for the MCP conformance suite (@modelcontextprotocol/conformance, client
// mode): the Worker itself, under `wrangler dev` (workerd, the real wrangler.toml, local Durable
// Objects), driven through its public HTTP API the way a user drives it. The suite starts a
// scenario's servers and runs this with the server URL as last argument, the scenario in
// MCP_CONFORMANCE_SCENARIO and its credentials (pre-registered client, keys, IdP token) in
// MCP_CONFORMANCE_CONTEXT, then checks what its servers saw.
// What this script does, as the operator and the user:
//   1. configures the scenario's server in MCP_SERVERS (credentials in its `auth` entry, as `${SECRET}`
//      references to vars) and starts the Worker with a scripted model (test/support/scripted-model.ts);
//   2. connects it like the web page: GET /v1/mcp/servers, and while it needs authorization, opens its
//      authorizationUrl as a browser would (the suite's authorization server redirects at once, as after
//      a consent click) and follows the redirect to the Worker's /v1/mcp/oauth/callback;
//   3. starts a run whose model calls every tool the server offers; a step-up (`mcp.authorization_required`
//      during the run) is authorized the same way and the run repeated; an `input.required` (elicitation)
//      is accepted with empty content, so the schema's defaults apply, through POST /v1/sessions/:id/inputs/:inputId.
// Exit 0 when every tool succeeded. Bundled and driven by scripts/mcp-conformance.mjs.
import { ScriptedModel, type RecordedRequest, type Reply } from "../test/support/scripted-model";
import { parseSse, type SseEvent } from "../test/support/sse-text";
import { startWranglerDev, type WranglerDev } from "../test/support/wrangler-dev";

/** The name the scenario's server gets in MCP_SERVERS; its tools are mcp__conformance__<tool>. */
const SERVER = "conformance";
const TOOL_PREFIX = `mcp__${SERVER}__`;
/** Tool arguments where a scenario's tool needs some; every other tool is called with none. */
const ARGS: Record<string, Record<string, unknown>> = { add_numbers: { a: 5, b: 3 } };
/** The suite's client ID metadata document URL: auth/basic-cimd checks for exactly this client_id. */
const CLIENT_METADATA_URL = "https://conformance-test.local/client-metadata.json";
/** How often the "user" authorizes before giving up (the client itself limits step-ups). */
const MAX_AUTHORIZATIONS = 5;
/** Runs before giving up: one per authorization, and one more. */
const MAX_RUNS = MAX_AUTHORIZATIONS + 2;

type Context = Record<string, string | undefined>;

interface ServerEntry {
  /** The `auth` entry of MCP_SERVERS, secrets as `${NAME}` references. */
  auth?: Record<string, unknown>;
  /** The secrets those references name, given to the Worker as vars. */
  secrets: Record<string, string>;
}

/** What a user would configure for the scenario's server, from the credentials the suite hands out. */
function serverEntry(scenario: string, ctx: Context): ServerEntry {
  const secrets: Record<string, string> = {};
  const secret = (name: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    secrets[name] = value;
    return `\${${name}}`;
  };
  const clientSecret = secret("CONFORMANCE_CLIENT_SECRET", ctx.client_secret);
  if (scenario === "auth/client-credentials-jwt") {
    const privateKey = secret("CONFORMANCE_PRIVATE_KEY", ctx.private_key_pem);
    return {
      auth: {
        grant: "client_credentials",
        clientId: ctx.client_id,
        tokenEndpointAuthMethod: "private_key_jwt",
        privateKeyJwt: { privateKey, algorithm: ctx.signing_algorithm },
      },
      secrets,
    };
  }
  if (scenario === "auth/client-credentials-basic") return { auth: { grant: "client_credentials", clientId: ctx.client_id, clientSecret }, secrets };
  if (scenario === "auth/cross-app-access-complete-flow") {
    const idpIdToken = secret("CONFORMANCE_IDP_ID_TOKEN", ctx.idp_id_token);
    return {
      auth: { grant: "cross_app_access", clientId: ctx.client_id, clientSecret, idpIssuer: ctx.idp_issuer, idpClientId: ctx.idp_client_id, idpIdToken },
      secrets,
    };
  }
  // A client ID metadata document of the user's own (the Worker's own needs an https PUBLIC_URL).
  if (scenario === "auth/basic-cimd") return { auth: { clientId: CLIENT_METADATA_URL }, secrets };
  if (ctx.client_id) return { auth: { clientId: ctx.client_id, ...(clientSecret && { clientSecret }) }, secrets };
  return { secrets };
}

interface ServerStatus {
  name: string;
  status: string;
  authorizationUrl?: string;
  toolCount: number;
  error?: string;
}

/** The Worker's public API, as a user's client (curl, the web page) calls it. */
class WorkerApi {
  private authorizations = 0;

  constructor(private readonly worker: WranglerDev) {}

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(this.worker.url + path, { ...init, headers: { "content-type": "application/json", ...init.headers } });
    if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: HTTP ${res.status} ${await res.text()}`);
    return res;
  }

  async server(): Promise<ServerStatus> {
    const { servers } = (await (await this.fetch("/v1/mcp/servers")).json()) as { servers: ServerStatus[] };
    const server = servers.find((s) => s.name === SERVER);
    if (!server) throw new Error(`GET /v1/mcp/servers does not list ${SERVER}`);
    return server;
  }

  /** The browser: opens the authorization URL, and follows its redirect back to the Worker's callback. */
  async authorize(authorizationUrl: string): Promise<void> {
    if (++this.authorizations > MAX_AUTHORIZATIONS) throw new Error("too many authorizations");
    console.log(`authorizing at ${authorizationUrl}`);
    const consent = await fetch(authorizationUrl, { redirect: "manual" });
    const location = consent.headers.get("location");
    if (!location) throw new Error(`authorization endpoint answered ${consent.status} without a redirect: ${await consent.text()}`);
    if (!location.startsWith(`${this.worker.url}/v1/mcp/oauth/callback?`)) throw new Error(`redirected elsewhere than the callback: ${location}`);
    const page = await fetch(location);
    const text = await page.text();
    if (page.status !== 200) throw new Error(`the callback answered ${page.status}: ${text}`);
    console.log(`callback: ${text.match(/<h1>(.*?)<\/h1>/)?.[1] ?? text}`);
  }

  /** One run, streamed to its end; an input it waits for is accepted (empty content: the defaults), and the stream followed again. */
  async run(session: string, input: string): Promise<SseEvent[]> {
    const res = await this.fetch(`/v1/sessions/${session}/runs`, { method: "POST", body: JSON.stringify({ input, stream: true }) });
    const runId = res.headers.get("x-run-id");
    const events = parseSse(await res.text());
    for (;;) {
      const last = events.at(-1);
      if (last?.event !== "input.required") return events;
      console.log(`input.required: ${JSON.stringify(last.data)}`);
      await this.fetch(`/v1/sessions/${session}/inputs/${String(last.data.inputId)}`, {
        method: "POST",
        body: JSON.stringify({ action: "accept", content: {} }),
      });
      const after = events.findLast((e) => e.id !== undefined)?.id ?? 0;
      events.push(...parseSse(await (await this.fetch(`/v1/sessions/${session}/runs/${runId}/stream?after=${after}`)).text()));
    }
  }
}

/** The model: calls every tool of the server not done yet, then says it is done. */
function modelTurns(done: Set<string>): Reply[] {
  const callTools = (req: RecordedRequest): Reply => {
    const names = (req.tools ?? []).map((t) => t.function.name).filter((n) => n.startsWith(TOOL_PREFIX) && !done.has(n));
    if (names.length === 0) return { text: `The ${SERVER} server offered no tools.` };
    return { toolCalls: names.map((name) => ({ name, args: ARGS[name.slice(TOOL_PREFIX.length)] ?? {} })) };
  };
  return [{ dynamic: callTools }, { text: "Done." }];
}

/** Runs until the model has used every tool the server lists (`toolCount`; a server with none gets one run). */
async function useTools(api: WorkerApi, model: ScriptedModel, session: string, toolCount: number): Promise<number> {
  const done = new Set<string>();
  for (let i = 0; i < MAX_RUNS; i++) {
    // One script key for every run: the session keeps the earlier inputs, and the model goes by the first marker it finds.
    const marker = model.script("conformance", modelTurns(done));
    const events = await api.run(session, `${marker} Use every tool of the ${SERVER} server.`);
    for (const e of events) if (e.event !== "text.delta") console.log(`${e.event} ${JSON.stringify(e.data)}`);
    const finished = events.filter((e) => e.event === "tool.finished" && String(e.data.name).startsWith(TOOL_PREFIX));
    for (const e of finished) if (e.data.status === "success") done.add(String(e.data.name));
    const asked = events.filter((e) => e.event === "mcp.authorization_required");
    if (asked.length > 0) {
      await api.authorize(String(asked[0]!.data.authorizationUrl));
      continue;
    }
    const end = events.at(-1);
    if (end?.event !== "run.completed" || end.data.status !== "completed") return fail(`the run ended with ${JSON.stringify(end)}`);
    if (done.size < toolCount) return fail(`the runs used ${done.size} of the server's ${toolCount} tools`);
    if (finished.some((e) => e.data.status !== "success")) return fail("a tool failed");
    return 0;
  }
  return fail(`still not done after ${MAX_RUNS} runs`);
}

function fail(message: string): number {
  console.error(message);
  return 1;
}

async function main(): Promise<number> {
  const url = process.argv.at(-1) ?? "";
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
  const ctx = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}") as Context;
  const { auth, secrets } = serverEntry(scenario, ctx);
  const t0 = performance.now();
  const model = await new ScriptedModel().listen();
  let worker: WranglerDev | undefined;
  try {
    worker = await startWranglerDev({
      vars: {
        ...model.workerVars,
        ...secrets,
        // The suite's servers listen on loopback: OAuth discovery may follow them there.
        ALLOW_PRIVATE_FETCH: "true",
        // The operator trusts this server: its tools run without asking (MCP tools default to destructive, which asks).
        PERMISSIONS: JSON.stringify([{ tool: `${TOOL_PREFIX}*`, action: "allow" }]),
        MCP_SERVERS: JSON.stringify({ mcpServers: { [SERVER]: { url, ...(auth && { auth }) } } }),
      },
    });
    console.log(`wrangler dev ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const api = new WorkerApi(worker);
    let server = await api.server();
    while (server.status === "needs_authorization" && server.authorizationUrl) {
      await api.authorize(server.authorizationUrl);
      server = await api.server();
    }
    console.log(`${SERVER}: ${JSON.stringify(server)}`);
    if (server.status !== "connected") return fail(`${SERVER} is ${server.status}: ${server.error ?? ""}`);
    return await useTools(api, model, `conformance-${scenario.replace(/\W/g, "-")}`, server.toolCount);
  } catch (e) {
    return fail(e instanceof Error ? e.message : String(e));
  } finally {
    await Promise.all([worker?.stop(), model.close()]);
  }
}

process.exit(await main());
