import { describe, expect, it } from "vitest";
import { chatSettled } from "../../support/chat-settled";
import { script } from "../../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { postTelegram, telegramUpdate } from "../../support/telegram-requests";
import { call, uniqueId } from "../../support/worker-http";

describe("/stop on Telegram", () => {
  it("cancels the run in progress; its answer is never sent", async () => {
    const marker = await script(uniqueId("tg-stop"), [{ text: "This answer comes too late.", delayMs: 3_000 }]);
    const chat = uniqueChatId();
    await postTelegram(telegramUpdate(chat, `${marker} Write me a very long essay.`));
    await waitFor(async () => (await platformCalls("telegram", chat)).some((c) => c.method === "sendChatAction"), "typing");

    await postTelegram(telegramUpdate(chat, "/stop"));
    await waitFor(async () => (await platformCalls("telegram", chat)).some((c) => c.body.text === "Stopped."), "the confirmation");
    const session = await waitFor(async () => {
      const s = (await (await call(`/v1/sessions/tg-${chat}`)).json()) as { runs: Array<{ status: string }> };
      return s.runs[0]?.status === "cancelled" && s;
    }, "the cancelled run");
    expect(session.runs).toHaveLength(1);

    // The essay's job followed its cancelled run to its end: an answer it would send has been sent.
    await chatSettled(`telegram:${chat}`, 2);
    const sent = (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => c.body.text);
    expect(sent).toEqual(["Stopped."]);
  });

  it("says so when nothing is running", async () => {
    const chat = uniqueChatId();
    await postTelegram(telegramUpdate(chat, "/stop"));
    await waitFor(async () => (await platformCalls("telegram", chat)).some((c) => c.body.text === "Nothing is running."), "the answer");
  });
});
