// A chat run that meets an MCP server needing the user's authorization (mcp.authorization_required)
// posts the authorization link to the chat, on Telegram and on Slack, before its answer; a useChat page gets it
// as a data-authorization part (it was dropped there, so the person never saw the link). The Worker
// runs under `wrangler dev` (a workers-pool test would put the MCP server in every run's config) with an
// OAuth-protected MCP server (test/support/mcp-oauth-server.ts) and the fake platform APIs.
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatPlatformVars, chatWebhooks } from "../support/chat-webhooks";
import { startOAuthMcpServer, type OAuthMcpServer } from "../support/mcp-oauth-server";
import { PlatformFake } from "../support/platform-fake";
import { ScriptedModel } from "../support/scripted-model";
import { appMention, eventCallback, uniqueChannel } from "../support/slack-payloads";
import { telegramUpdate } from "../support/telegram-payloads";
import { waitFor } from "../support/wait-for";
import { startWranglerDev, type WranglerDev } from "../support/wrangler-dev";

const model = new ScriptedModel();
const platforms = new PlatformFake();
const TELEGRAM_SECRET = "telegram-webhook-secret";
const SLACK_SECRET = "slack-signing-secret";
let notes: OAuthMcpServer;
let worker: WranglerDev;
let post: ReturnType<typeof chatWebhooks>;

beforeAll(async () => {
  const [server, , port] = await Promise.all([startOAuthMcpServer({ accessTokenSeconds: 3600 }), model.listen(), platforms.listen()]);
  notes = server;
  const platformBase = `http://127.0.0.1:${port}`;
  worker = await startWranglerDev({
    vars: {
      ...model.workerVars,
      ALLOW_PRIVATE_FETCH: "true",
      MCP_SERVERS: JSON.stringify({ mcpServers: { notes: { url: notes.url } } }),
      ...chatPlatformVars(platformBase, { telegram: TELEGRAM_SECRET, slack: SLACK_SECRET }),
    },
  });
  post = chatWebhooks(worker.url, { telegram: TELEGRAM_SECRET, slack: SLACK_SECRET });
}, 120_000);

afterAll(async () => {
  await Promise.all([worker?.stop(), notes?.close(), model.close(), platforms.close()]);
});

/** Waits for at least `count` messages to `target`; returns them all, oldest first. */
function sentTexts(platform: "telegram" | "slack", target: string, count: number): Promise<string[]> {
  return waitFor(() => {
    const texts = platforms.sentTexts(platform, target);
    return texts.length >= count && texts;
  }, `${count} ${platform} messages to ${target}`);
}

function expectAuthorizationLink(text: string) {
  expect(text).toMatch(/^To let me use notes, authorize it here/);
  // The link is markup: Telegram's <a href="…">, Slack's <…|…>; both escape & as &amp; (shown as &).
  const last = text.split("\n").at(-1)!;
  const href = /href="([^"]+)"/.exec(last)?.[1] ?? /^<([^|>]+)\|/.exec(last)?.[1] ?? last;
  const url = new URL(href.replaceAll("&amp;", "&"));
  expect(url.origin).toBe(new URL(notes.url).origin);
  expect(url.searchParams.get("code_challenge_method")).toBe("S256");
}

describe("an MCP server that needs authorization, met by a chat run", () => {
  it("Telegram: the link comes before the answer", async () => {
    const chat = 700_000_000 + Math.floor(Math.random() * 1e8);
    const marker = model.script(`tg-${chat}`, [{ text: "I cannot read your notes yet." }]);
    const res = await post.telegram(telegramUpdate(chat, `${marker} read my notes`));
    expect(res.status).toBe(200);
    const [link, answer] = await sentTexts("telegram", String(chat), 2);
    expectAuthorizationLink(link!);
    expect(answer).toBe("I cannot read your notes yet.");
  });

  it("Slack: the link comes before the answer", async () => {
    const channel = uniqueChannel();
    const marker = model.script(`slack-auth-${channel}`, [{ text: "I cannot read your notes yet." }]);
    const res = await post.slackEvent(eventCallback(appMention(channel, `${marker} read my notes`)));
    expect(res.status).toBe(200);
    const [link, answer] = await sentTexts("slack", channel, 2);
    expectAuthorizationLink(link!);
    expect(answer).toBe("I cannot read your notes yet.");
  });

  it("/v1/ui/chat: the link comes as a data-authorization part beside the answer", async () => {
    const chatId = `ui-auth-${Date.now()}`;
    const marker = model.script(chatId, [{ text: "I cannot read your notes yet." }]);
    const transport = new DefaultChatTransport<UIMessage>({ api: `${worker.url}/v1/ui/chat` });
    const messages: UIMessage[] = [{ id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text: `${marker} read my notes` }] }];
    const stream = await transport.sendMessages({ chatId, messages, trigger: "submit-message", messageId: undefined, abortSignal: undefined });
    let reply: UIMessage | undefined;
    for await (const m of readUIMessageStream<UIMessage>({ stream })) reply = m;
    const part = reply!.parts.find((p) => p.type === "data-authorization") as { id: string; data: { server: string; authorizationUrl: string } } | undefined;
    expect(part).toMatchObject({ id: "notes", data: { server: "notes" } });
    expectAuthorizationLink(`To let me use notes, authorize it here:\n${part!.data.authorizationUrl}`);
    expect(reply!.parts.some((p) => p.type === "text" && p.text === "I cannot read your notes yet.")).toBe(true);
  });
});
