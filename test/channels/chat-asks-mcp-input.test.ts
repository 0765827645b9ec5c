// A chat run that meets an MCP server's question (elicitation) asks it in the chat, a field at a time,
// and answers it through the same session-side function as POST /v1/sessions/:id/inputs/:inputId. The
// Worker runs under `wrangler dev` with the official reference server, server-everything, whose
// trigger-elicitation-request tool asks for a 13-field form (only `name` required, defaults on others),
// and the fake Telegram and Slack APIs. Telegram: a text reply, a Yes button, Skip, a number reply, a
// choice button, then Send (the server gets the values with its defaults for the rest). Slack: a reply
// in the thread, then Decline.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatPlatformVars, chatWebhooks } from "../support/chat-webhooks";
import { messageLog } from "../support/message-log";
import { startEverything, type EverythingServer } from "../support/mcp-everything";
import { PlatformFake } from "../support/platform-fake";
import { ScriptedModel } from "../support/scripted-model";
import { appMention, blockActions, eventCallback, uniqueChannel, uniqueTs } from "../support/slack-payloads";
import { callbackQueryUpdate, telegramUpdate } from "../support/telegram-payloads";
import { waitFor } from "../support/wait-for";
import { startWranglerDev, type WranglerDev } from "../support/wrangler-dev";

const model = new ScriptedModel();
const platforms = new PlatformFake();
const TOOL = "mcp__ev__trigger-elicitation-request";
const SECRETS = { telegram: "telegram-webhook-secret", slack: "slack-signing-secret" };
let everything: EverythingServer;
let worker: WranglerDev;
let post: ReturnType<typeof chatWebhooks>;

beforeAll(async () => {
  const [server, , port] = await Promise.all([startEverything("streamableHttp"), model.listen(), platforms.listen()]);
  everything = server;
  const platformBase = `http://127.0.0.1:${port}`;
  worker = await startWranglerDev({
    vars: {
      ...model.workerVars,
      ALLOW_PRIVATE_FETCH: "true",
      MCP_SERVERS: JSON.stringify({ mcpServers: { ev: { url: everything.url } } }),
      ...chatPlatformVars(platformBase, SECRETS),
    },
  });
  post = chatWebhooks(worker.url, SECRETS);
}, 120_000);

afterAll(async () => {
  await Promise.all([worker?.stop(), everything?.stop(), model.close(), platforms.close()]);
});

/** The shared poll, with a step's time under `wrangler dev` (a model round trip through the MCP server). */
const poll = <T>(check: () => Promise<T | false>, what: string): Promise<T> => waitFor(check, what, 30_000);

type Keyboard = { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> };
type Block = { type: string; elements?: Array<{ action_id: string; value: string; text: { text: string } }> };

/** The bot's messages to a Telegram chat, each with its buttons' values by label. */
const telegramMessages = async (chat: number) =>
  platforms
    .recorded("telegram", chat)
    .filter((c) => c.method === "sendMessage")
    .map((c) => ({
      text: String(c.body.text),
      buttons: Object.fromEntries(((c.body.reply_markup as Keyboard | undefined)?.inline_keyboard ?? []).flat().map((b) => [b.text, b.callback_data])),
    }));

/** The app's messages to a Slack channel, each with its buttons' actions by label. */
const slackMessages = async (channel: string) =>
  platforms
    .recorded("slack", channel)
    .filter((c) => c.method === "chat.postMessage")
    .map((c) => ({
      text: String(c.body.text).replaceAll("&amp;", "&"),
      thread: c.body.thread_ts as string | undefined,
      buttons: Object.fromEntries(
        ((c.body.blocks as Block[] | undefined) ?? [])
          .filter((b) => b.type === "actions")
          .flatMap((b) => b.elements!)
          .map((e) => [e.text.text, { action_id: e.action_id, value: e.value }]),
      ),
    }));

/** What the eliciting tool told the model (its tool message in the model's second request). */
const toolResult = (key: string) => String(model.requests(key)[1]?.messages.find((m) => m.role === "tool")?.content ?? "");

describe("a chat asks an MCP server's question", () => {
  it("Telegram: one field at a time (reply, Yes, Skip, number, choice), then Send; the run goes on with the answer", async () => {
    const chat = 700_000_000 + Math.floor(Math.random() * 1e8);
    const key = `tg-input-${chat}`;
    const marker = model.script(key, [{ toolCalls: [{ name: TOOL, args: {} }] }, { text: "Thanks, you are signed up." }]);
    const next = messageLog(() => telegramMessages(chat), poll);
    const say = async (text: string) => expect((await post.telegram(telegramUpdate(chat, text))).status).toBe(200);
    const press = async (data: string) => expect((await post.telegram(callbackQueryUpdate(chat, 5, data))).status).toBe(200);
    await say(`${marker} sign me up`);

    // The required text field first: a reply, no Skip and no Send yet.
    let [q] = await next();
    expect(q!.text).toMatch(
      /^ev asks: Please provide inputs for the following fields:\n\n\(1\/13\) String \(required\): Your full, legal name\nReply with your answer\.$/,
    );
    expect(Object.keys(q!.buttons)).toEqual(["Decline", "Cancel"]);
    await say("Ada Lovelace");

    // A boolean: Yes / No buttons; now Send may answer with defaults for the rest.
    [q] = await next();
    expect(q!.text).toContain("(2/13) Boolean: Agree to the terms and conditions");
    expect(Object.keys(q!.buttons)).toEqual(["Yes", "No", "Skip", "Send", "Decline", "Cancel"]);
    await press(q!.buttons.Yes!);
    for (const field of ["(3/13) String with default", "(4/13) String with email format", "(5/13) String with uri format", "(6/13) String with date format"]) {
      [q] = await next();
      expect(q!.text).toContain(field);
      await press(q!.buttons.Skip!);
    }

    // A number by reply: a wrong one is asked again, a right one is taken.
    [q] = await next();
    expect(q!.text).toContain("(7/13) Integer");
    expect(q!.text).toContain("Reply with a whole number from 1 to 100.\nDefault: 42");
    await say("seven");
    [q] = await next();
    expect(q!.text).toBe("Please reply with a whole number.");
    await say("7");
    [q] = await next();
    expect(q!.text).toContain("(8/13) Number in range 1-1000");
    await press(q!.buttons.Skip!);

    // A single choice: one button per option.
    [q] = await next();
    expect(q!.text).toContain("(9/13) Untitled Single Select Enum: Choose your favorite friend");
    expect(Object.keys(q!.buttons)).toEqual(["Monica", "Rachel", "Joey", "Chandler", "Ross", "Phoebe", "Skip", "Send", "Decline", "Cancel"]);
    await press(q!.buttons.Joey!);
    [q] = await next();
    expect(q!.text).toContain("(10/13) Untitled Multiple Select Enum");
    await press(q!.buttons.Send!);

    const [sent, answer] = await next(2);
    expect(sent!.text).toBe("✅ Sent.");
    expect(answer!.text).toBe("Thanks, you are signed up.");
    const result = toolResult(key);
    expect(result).toContain("- Name: Ada Lovelace");
    expect(result).toContain("- Agreed to terms: true");
    expect(result).toContain("- Favorite Integer: 7");
    expect(result).toContain('"untitledSingleSelectEnum": "Joey"');
    // The defaults for what was skipped (SEP-1034).
    expect(result).toContain("- Favorite Number: 3.14");

    // A press on a button of the answered form is refused, to the person who pressed.
    const late = callbackQueryUpdate(chat, 5, q!.buttons.Decline!);
    expect((await post.telegram(late)).status).toBe(200);
    const refusal = await poll(async () => platforms.recorded("telegram", late.callback_query.id)[0] ?? false, "the refusal");
    expect(refusal.body.text).toBe("This question is no longer open.");
  }, 90_000);

  it("Slack: the form in the thread, a reply that mentions the app, then Decline; the run goes on without the answer", async () => {
    const channel = uniqueChannel();
    const key = `slack-input-${channel}`;
    const marker = model.script(key, [{ toolCalls: [{ name: TOOL, args: {} }] }, { text: "All right, I will not sign you up." }]);
    const next = messageLog(() => slackMessages(channel), poll);
    const mention = appMention(channel, `${marker} sign me up`);
    const thread = mention.ts;
    expect((await post.slackEvent(eventCallback(mention))).status).toBe(200);

    let [q] = await next();
    expect(q!.thread).toBe(thread);
    expect(q!.text).toContain("ev asks: Please provide inputs for the following fields:");
    expect(q!.text).toContain("(1/13) String (required)");
    expect((await post.slackEvent(eventCallback(appMention(channel, "Ada Lovelace", { thread_ts: thread })))).status).toBe(200);
    [q] = await next();
    expect(q!.text).toContain("(2/13) Boolean");
    expect(Object.keys(q!.buttons)).toEqual(["Yes", "No", "Skip", "Send", "Decline", "Cancel"]);
    expect((await post.slackInteraction(blockActions(channel, uniqueTs(), thread, q!.buttons.Decline!))).status).toBe(200);

    const [declined, answer] = await next(2);
    expect(declined!.text).toBe("Declined.");
    expect(answer!.text).toBe("All right, I will not sign you up.");
    expect(answer!.thread).toBe(thread);
    expect(toolResult(key)).toContain("User declined to provide the requested information.");
  }, 90_000);
});
