// A bot chat's session cannot be taken by an API tenant. The repro, with two tenants on the
// Worker under `wrangler dev`: globex created `tg-777` before the chat's first message, and the chat then
// answered only "Sorry, something went wrong" (session tg-777 not found). Now every way a tenant can name
// a session refuses a derived id with 400 reserved_id, whether or not the session exists (so nothing is
// learnt of it), nothing is created, and the chat (Telegram, Slack) answers as ever.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_SECRETS, chatPlatformVars, chatWebhooks } from "../support/chat-webhooks";
import { PlatformFake } from "../support/platform-fake";
import { ScriptedModel } from "../support/scripted-model";
import { appMention, eventCallback, TEAM_ID, uniqueChannel } from "../support/slack-payloads";
import { telegramUpdate } from "../support/telegram-payloads";
import { tenantClient, TWO_TENANTS, type TenantClient } from "../support/tenant-client";
import { waitFor } from "../support/wait-for";
import { startWranglerDev, type WranglerDev } from "../support/wrangler-dev";

const model = new ScriptedModel();
const platforms = new PlatformFake();
let worker: WranglerDev;
let globex: TenantClient;
let admin: TenantClient;
let post: ReturnType<typeof chatWebhooks>;

beforeAll(async () => {
  const [, port] = await Promise.all([model.listen(), platforms.listen()]);
  const platformBase = `http://127.0.0.1:${port}`;
  worker = await startWranglerDev({
    vars: {
      ...model.workerVars,
      ...TWO_TENANTS.vars(),
      ...chatPlatformVars(platformBase),
    },
  });
  globex = tenantClient(worker.url, TWO_TENANTS.globex);
  admin = tenantClient(worker.url, TWO_TENANTS.adminToken);
  post = chatWebhooks(worker.url, CHAT_SECRETS);
}, 120_000);

afterAll(async () => {
  await Promise.all([worker?.stop(), model.close(), platforms.close()]);
});

/** Every way an API tenant names a session it would create: each must answer 400 reserved_id. */
async function takeAttempts(session: string): Promise<Array<{ how: string; status: number; code: unknown }>> {
  const tries: Array<[string, () => Promise<Response>]> = [
    ["POST /v1/sessions", () => globex("/v1/sessions", { json: { id: session } })],
    ["POST /v1/sessions/:id/runs", () => globex(`/v1/sessions/${session}/runs`, { json: { input: "hi" } })],
    [
      "chat completions X-Session-Id",
      () =>
        globex("/v1/chat/completions", { json: { model: "study-agent", messages: [{ role: "user", content: "hi" }] }, headers: { "x-session-id": session } }),
    ],
    ["responses conversation", () => globex("/v1/responses", { json: { model: "study-agent", conversation: session, input: "hi" } })],
    ["ui chat", () => globex("/v1/ui/chat", { json: { id: session, messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: "hi" }] }] } })],
  ];
  const out = [];
  for (const [how, attempt] of tries) {
    const res = await attempt();
    const body = (await res.json().catch(() => ({}))) as { error?: { code?: unknown } };
    out.push({ how, status: res.status, code: body.error?.code });
  }
  return out;
}

/** What each attempt of takeAttempts must answer. */
const REFUSED = ["POST /v1/sessions", "POST /v1/sessions/:id/runs", "chat completions X-Session-Id", "responses conversation", "ui chat"].map((how) => ({
  how,
  status: 400,
  code: "reserved_id",
}));

async function mcpAsk(session: string): Promise<CallToolResult> {
  const client = new Client({ name: "globex-mcp", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${worker.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${TWO_TENANTS.globex}` } } }),
  );
  try {
    return (await client.callTool({ name: "ask", arguments: { input: "hi", sessionId: session } })) as CallToolResult;
  } finally {
    await client.close();
  }
}

describe("a bot chat's session", () => {
  it("Telegram: a tenant cannot create tg-<chat> in any way, before or after the chat has it; the chat answers as ever", async () => {
    const chat = 700_000_000 + Math.floor(Math.random() * 1e8);
    const session = `tg-${chat}`;
    expect(await takeAttempts(session)).toEqual(REFUSED);
    const viaMcp = await mcpAsk(session);
    expect(viaMcp.isError).toBe(true);
    expect(JSON.stringify(viaMcp.content)).toContain("reserved");
    expect((await admin(`/v1/sessions/${session}`)).status, "nothing was created").toBe(404);

    const marker = model.script(`tg-reserved-${chat}`, [{ text: "Hello from the bot." }]);
    expect((await post.telegram(telegramUpdate(chat, `${marker} hi`))).status).toBe(200);
    const texts = () => platforms.sentTexts("telegram", chat);
    await waitFor(() => texts().length > 0 || undefined, "the bot's answer", 30_000);
    expect(texts()).toEqual(["Hello from the bot."]);

    // Now that it exists: the same answer, so a tenant learns nothing of it; still not globex's to read.
    expect(await takeAttempts(session)).toEqual(REFUSED);
    expect((await globex(`/v1/sessions/${session}`)).status).toBe(404);
    expect((await admin(`/v1/sessions/${session}`)).status).toBe(200);
  });

  it("Slack: a tenant cannot create slack-<team>-<channel>; the channel's thread is answered as ever", async () => {
    const channel = uniqueChannel();
    const learner = `slack-${TEAM_ID}-${channel}`;
    expect(await takeAttempts(learner)).toEqual(REFUSED);
    const marker = model.script(`slack-reserved-${channel}`, [{ text: "Hello from the app." }]);
    expect((await post.slackEvent(eventCallback(appMention(channel, `${marker} hi`)))).status).toBe(200);
    const texts = () => platforms.sentTexts("slack", channel);
    await waitFor(() => texts().length > 0 || undefined, "the app's answer", 30_000);
    expect(texts()).toEqual(["Hello from the app."]);
  });

  it("a course's sessions are refused the same way: its planning session and its lesson sessions", async () => {
    for (const session of ["course-0123456789ab", "course-0123456789ab-lesson-2"]) expect(await takeAttempts(session)).toEqual(REFUSED);
  });
});
