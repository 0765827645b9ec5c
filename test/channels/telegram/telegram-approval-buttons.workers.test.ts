import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CLICK_REFUSALS } from "../../../src/platforms/approval-buttons";
import { requests, script } from "../../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import type { PlatformCall } from "../../support/platform-fake";
import { chatSettled } from "../../support/chat-settled";
import { decide, trace } from "../../support/session-api";
import { callbackQueryUpdate, postTelegram, telegramUpdate } from "../../support/telegram-requests";
import { ASK_PREFIX } from "../../support/trust-fixtures";
import { uniqueId } from "../../support/worker-http";
import { ENGLISH_CHAT_PHRASES as SAY } from "../../support/english-phrases";

type Keyboard = { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> };

/** Asks the agent something that makes it call calculate with an expression the test policy asks about. */
async function askForApproval(replyAfter: string) {
  const key = uniqueId("tg-appr");
  const marker = await script(key, [{ toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1` } }] }, { text: replyAfter }]);
  const chat = uniqueChatId();
  expect((await postTelegram(telegramUpdate(chat, `${marker} add them`))).status).toBe(200);
  const prompt = await waitFor(
    async () => (await platformCalls("telegram", chat)).find((c) => c.method === "sendMessage" && c.body.reply_markup),
    "the approval buttons",
  );
  const buttons = Object.fromEntries((prompt.body.reply_markup as Keyboard).inline_keyboard.flat().map((b) => [b.text, b.callback_data]));
  return { key, chat, prompt, buttons };
}

const chatStub = (chat: number) => env.CHATS.getByName(`telegram:${chat}`);

/** Clicks a button of message 42; returns the callback query id. */
async function click(chat: number, data: string, updateId?: number): Promise<string> {
  const update = callbackQueryUpdate(chat, 42, data, undefined, updateId);
  expect((await postTelegram(update)).status).toBe(200);
  return update.callback_query.id;
}

const callbackAnswer = (queryId: string) =>
  waitFor(async () => (await platformCalls("telegram", queryId)).find((c) => c.method === "answerCallbackQuery"), "answerCallbackQuery");
const sentTexts = async (chat: number) => (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => String(c.body.text));
const waitForText = (chat: number, text: string) => waitFor(async () => (await sentTexts(chat)).includes(text), `the message "${text}"`);

describe("approvals from Telegram's inline keyboard", () => {
  it("shows the call with Allow / Deny / Always allow; Allow resumes the run and its answer reaches the chat; a second click is refused", async () => {
    const { chat, prompt, buttons } = await askForApproval("1111+1 is 1112.");
    expect(String(prompt.body.text)).toContain(`calculate {"expression":"${ASK_PREFIX}1"}`);
    expect(Object.keys(buttons)).toEqual(["Allow", "Deny", "Always allow"]);
    for (const data of Object.values(buttons)) expect(new TextEncoder().encode(data).length).toBeLessThanOrEqual(64);

    const queryId = await click(chat, buttons.Allow!);
    expect((await callbackAnswer(queryId)).body.text).toMatch(/^Allowed/);
    const edit = await waitFor(async () => (await platformCalls("telegram", chat)).find((c) => c.method === "editMessageText"), "the edited prompt");
    expect(edit.body).toMatchObject({ message_id: 42 });
    expect(String(edit.body.text)).toContain(String(prompt.body.text));
    expect(String(edit.body.text)).toContain("✅ Allowed by @ada.");
    expect(edit.body.reply_markup).toBeUndefined();
    await waitForText(chat, "1111+1 is 1112.");

    const decided = (await trace(`tg-${chat}`)).find((e) => e.type === "approval.decided");
    expect(decided?.data).toMatchObject({ decision: "allow", by: `telegram:${chat}` });

    // Clicking again (or on the other button) changes nothing and says why.
    const again = await click(chat, buttons.Deny!);
    expect((await callbackAnswer(again)).body.text).toBe(SAY[CLICK_REFUSALS.already_decided]);
    expect((await sentTexts(chat)).filter((t) => t === "1111+1 is 1112.")).toHaveLength(1);
  });

  it("tells the model a denied call was refused, and sends its answer", async () => {
    const { key, chat, buttons } = await askForApproval("All right, I will not compute it.");
    const queryId = await click(chat, buttons.Deny!);
    expect((await callbackAnswer(queryId)).body.text).toMatch(/^Denied/);
    await waitForText(chat, "All right, I will not compute it.");
    const edit = (await platformCalls("telegram", chat)).find((c) => c.method === "editMessageText")!;
    expect(String(edit.body.text)).toContain("❌ Denied by @ada.");
    const toolResult = (await requests(key)).requests[1]!.messages.find((m) => m.role === "tool");
    expect(String(toolResult?.content)).toContain("refused");
  });

  it("handles a repeated update once, and refuses clicks on another chat's or an expired approval", async () => {
    const { chat, buttons } = await askForApproval("unused");
    const allow = buttons.Allow!;

    // Another chat cannot decide this chat's approval, even with its exact button data.
    const elsewhere = uniqueChatId();
    expect((await callbackAnswer(await click(elsewhere, allow))).body.text).toBe(SAY[CLICK_REFUSALS.foreign]);

    // Past its expiry the click is refused, even before the session got round to expiring it.
    await runInDurableObject(chatStub(chat), (_o, state) => void state.storage.sql.exec("UPDATE shown_approvals SET expires_at = ?", Date.now() - 1));
    const updateId = 7_000_000 + (chat % 1_000_000);
    const expired = await click(chat, allow, updateId);
    expect((await callbackAnswer(expired)).body.text).toBe(SAY[CLICK_REFUSALS.expired]);

    // Telegram retrying the same update gets no second answer.
    await click(chat, allow, updateId);
    // A click after it on the same button is answered (expired): the retry, taken before it, would have been answered by now.
    expect((await callbackAnswer(await click(chat, allow, updateId + 1))).body.text).toBe(SAY[CLICK_REFUSALS.expired]);
    const answers: PlatformCall[] = (await platformCalls("telegram", expired)).filter((c) => c.method === "answerCallbackQuery");
    expect(answers).toHaveLength(1);
    expect((await trace(`tg-${chat}`)).some((e) => e.type === "approval.decided")).toBe(false);
  });

  it("lets /stop cancel a run waiting for approval; its buttons then do nothing", async () => {
    const { chat, buttons } = await askForApproval("never sent");
    await postTelegram(telegramUpdate(chat, "/stop"));
    await waitForText(chat, "Stopped.");
    expect((await callbackAnswer(await click(chat, buttons.Allow!))).body.text).toBe(SAY[CLICK_REFUSALS.already_decided]);
    // The question's job followed its cancelled run to its end, and the /stop's is done.
    await chatSettled(`telegram:${chat}`, 2);
    expect(await sentTexts(chat)).not.toContain("never sent");
  });

  it("remembers Always allow for the rest of the conversation", async () => {
    const key = uniqueId("tg-always");
    const ask = (n: number) => ({ toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}${n}` } }] });
    const marker = await script(key, [ask(1), { text: "First: 1112." }, ask(2), { text: "Second: 1113." }]);
    const chat = uniqueChatId();
    await postTelegram(telegramUpdate(chat, `${marker} first`));
    const prompt = await waitFor(
      async () => (await platformCalls("telegram", chat)).find((c) => c.method === "sendMessage" && c.body.reply_markup),
      "the approval buttons",
    );
    const always = (prompt.body.reply_markup as Keyboard).inline_keyboard.flat().find((b) => b.text === "Always allow")!;
    await click(chat, always.callback_data);
    await waitForText(chat, "First: 1112.");
    const edit = (await platformCalls("telegram", chat)).find((c) => c.method === "editMessageText")!;
    expect(String(edit.body.text)).toContain("calculate is allowed for the rest of this conversation");

    await postTelegram(telegramUpdate(chat, `${marker} second`));
    await waitForText(chat, "Second: 1113.");
    expect((await platformCalls("telegram", chat)).filter((c) => c.body.reply_markup)).toHaveLength(1);
  });

  it("sends the answer of a run decided elsewhere (over HTTP) when the paused chat looks again", async () => {
    const { chat } = await askForApproval("Decided over HTTP: 1112.");
    const required = (await trace(`tg-${chat}`)).find((e) => e.type === "approval.required")!;
    expect((await decide(`tg-${chat}`, String(required.data.approvalId), { decision: "allow" })).status).toBe(200);
    // The chat looks again just after the approval's expiry (an hour here); bring that moment forward.
    await runInDurableObject(chatStub(chat), (_o, state) => void state.storage.sql.exec("UPDATE pauses SET wake_at = ?", Date.now() - 1));
    await runDurableObjectAlarm(chatStub(chat));
    await waitForText(chat, "Decided over HTTP: 1112.");
  });
});
