// A chat run that meets an MCP server needing the user's authorization (mcp.authorization_required)
// posts the authorization link to the chat, on Telegram and on Slack, before its answer. The Worker
// runs under `wrangler dev` (a workers-pool test would put the MCP server in every run's config) with an
// OAuth-protected MCP server (test/support/mcp-oauth-server.ts) and the fake platform APIs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slackSignature } from "../src/channels/slack/slack-signature";
import { startOAuthMcpServer, type OAuthMcpServer } from "./support/mcp-oauth-server";
import { PlatformFake, type PlatformCall } from "./support/platform-fake";
import { ScriptedModel } from "./support/scripted-model";
import { startWranglerDev, type WranglerDev } from "./support/wrangler-dev";

const model = new ScriptedModel();
const platforms = new PlatformFake();
const TELEGRAM_SECRET = "telegram-webhook-secret";
const SLACK_SECRET = "slack-signing-secret";
let notes: OAuthMcpServer;
let worker: WranglerDev;
let platformBase: string;

beforeAll(async () => {
  const [server, , port] = await Promise.all([startOAuthMcpServer({ accessTokenSeconds: 3600 }), model.listen(), platforms.listen()]);
  notes = server;
  platformBase = `http://127.0.0.1:${port}`;
  worker = await startWranglerDev({
    vars: {
      ...model.workerVars,
      ALLOW_PRIVATE_FETCH: "true",
      MCP_SERVERS: JSON.stringify({ mcpServers: { notes: { url: notes.url } } }),
      TELEGRAM_BOT_TOKEN: "123456:test-token",
      TELEGRAM_WEBHOOK_SECRET: TELEGRAM_SECRET,
      TELEGRAM_API_BASE: `${platformBase}/telegram`,
      SLACK_SIGNING_SECRET: SLACK_SECRET,
      SLACK_BOT_TOKEN: "xoxb-test-token",
      SLACK_API_BASE: `${platformBase}/slack/api`,
    },
  });
}, 120_000);

afterAll(async () => {
  await Promise.all([worker?.stop(), notes?.close(), model.close(), platforms.close()]);
});

async function sentTexts(platform: "telegram" | "slack", target: string, count: number): Promise<string[]> {
  const method = platform === "telegram" ? "sendMessage" : "chat.postMessage";
  for (let i = 0; i < 200; i++) {
    const res = await fetch(`${platformBase}/__calls?platform=${platform}&target=${target}`);
    const { calls } = (await res.json()) as { calls: PlatformCall[] };
    const texts = calls.filter((c) => c.method === method).map((c) => String(c.body.text));
    if (texts.length >= count) return texts;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`fewer than ${count} ${platform} messages to ${target}`);
}

function expectAuthorizationLink(text: string) {
  expect(text).toMatch(/^To let me use notes, authorize it here/);
  // Slack's text escapes & as &amp; (Slack shows it as &); Telegram's is plain.
  const url = new URL(text.split("\n").at(-1)!.replaceAll("&amp;", "&"));
  expect(url.origin).toBe(new URL(notes.url).origin);
  expect(url.searchParams.get("code_challenge_method")).toBe("S256");
}

describe("an MCP server that needs authorization, met by a chat run", () => {
  it("Telegram: the link comes before the answer", async () => {
    const chat = 700_000_000 + Math.floor(Math.random() * 1e8);
    const marker = model.script(`tg-${chat}`, [{ text: "I cannot read your notes yet." }]);
    const update = {
      update_id: chat,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chat, type: "private" },
        from: { id: chat, is_bot: false, first_name: "Ada" },
        text: `${marker} read my notes`,
      },
    };
    const res = await fetch(`${worker.url}/telegram/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": TELEGRAM_SECRET },
      body: JSON.stringify(update),
    });
    expect(res.status).toBe(200);
    const [link, answer] = await sentTexts("telegram", String(chat), 2);
    expectAuthorizationLink(link!);
    expect(answer).toBe("I cannot read your notes yet.");
  });

  it("Slack: the link comes before the answer", async () => {
    const channel = `C${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
    const ts = `${Math.floor(Date.now() / 1000)}.000100`;
    const marker = model.script(`slack-auth-${channel}`, [{ text: "I cannot read your notes yet." }]);
    const body = JSON.stringify({
      token: "legacy",
      team_id: "T0TEST",
      api_app_id: "A0TEST",
      type: "event_callback",
      event_id: `Ev${channel}`,
      event_time: Math.floor(Date.now() / 1000),
      event: { type: "app_mention", user: "U0LEARNER", text: `<@U0BOT> ${marker} read my notes`, ts, channel, event_ts: ts },
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const res = await fetch(`${worker.url}/slack/events`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-slack-request-timestamp": timestamp,
        "x-slack-signature": await slackSignature(SLACK_SECRET, timestamp, body),
      },
      body,
    });
    expect(res.status).toBe(200);
    const [link, answer] = await sentTexts("slack", channel, 2);
    expectAuthorizationLink(link!);
    expect(answer).toBe("I cannot read your notes yet.");
  });
});
