import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { postTelegram, telegramUpdate } from "../../support/telegram-requests";
import { call, uniqueId } from "../../support/worker-http";

async function sendAndWaitReply(chat: number, text: string, expected: string): Promise<void> {
  expect((await postTelegram(telegramUpdate(chat, text))).status).toBe(200);
  await waitFor(
    async () => (await platformCalls("telegram", chat)).some((c) => c.method === "sendMessage" && String(c.body.text).includes(expected)),
    `reply "${expected}"`,
  );
}

describe("a Telegram chat's sessions", () => {
  it("keeps one session per chat until /new starts a fresh one", async () => {
    const key = uniqueId("tg-new");
    const marker = await script(key, [{ text: "Mitochondria make ATP." }, { text: "Ribosomes build proteins." }, { text: "A fresh topic: stars." }]);
    const chat = uniqueChatId();

    await sendAndWaitReply(chat, `${marker} What do mitochondria do?`, "Mitochondria make ATP.");
    await sendAndWaitReply(chat, `${marker} And ribosomes?`, "Ribosomes build proteins.");
    // Same session: the second question was asked with the first exchange in the history.
    const second = (await requests(key)).requests[1]!;
    expect(JSON.stringify(second.messages)).toContain("What do mitochondria do?");

    await sendAndWaitReply(chat, "/new", "Fresh start");
    await sendAndWaitReply(chat, `${marker} Tell me about stars.`, "A fresh topic: stars.");
    const third = (await requests(key)).requests[2]!;
    expect(third.messages.filter((m) => m.role === "user")).toHaveLength(1);
    expect(JSON.stringify(third.messages)).not.toContain("mitochondria");

    // The chat's first session is tg-<chat id>, with just the first two exchanges.
    const first = (await (await call(`/v1/sessions/tg-${chat}`)).json()) as { messages: Array<{ role: string }>; runs: Array<{ status: string }> };
    expect(first.runs.map((r) => r.status)).toEqual(["completed", "completed"]);
    expect(first.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });
});
