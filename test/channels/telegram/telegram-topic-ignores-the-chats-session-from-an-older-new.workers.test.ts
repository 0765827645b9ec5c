// A chat that sent /new before conversations were kept per thread or topic has its current session under
// the chat object's bare `current_session` key. That session is the chat's (its General topic's, in a
// forum) and stays so; a forum topic is a conversation of its own and never continues it.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { platformCalls, waitFor } from "../../support/platform-control";
import { inForumTopic, postTelegram, telegramGroupUpdate, uniqueSupergroupId } from "../../support/telegram-requests";
import { call, uniqueId } from "../../support/worker-http";

async function ask(chat: number, update: unknown, expected: string): Promise<void> {
  expect((await postTelegram(update)).status).toBe(200);
  await waitFor(async () => (await platformCalls("telegram", chat)).some((c) => c.method === "sendMessage" && c.body.text === expected), `"${expected}"`);
}

const runsOf = async (session: string) => ((await (await call(`/v1/sessions/${session}`)).json()) as { runs?: unknown[] }).runs?.length ?? 0;

describe("a forum topic of a chat that used /new before topics", () => {
  it("starts its own session; the chat's General topic goes on in the session /new made", async () => {
    const key = uniqueId("tg-old-new");
    const marker = await script(key, [{ text: "In the old session." }, { text: "In the topic." }]);
    const chat = uniqueSupergroupId();
    const older = `tg-${chat}-legacy`;
    await runInDurableObject(env.CHATS.getByName(`telegram:${chat}`), (_o, state) => {
      state.storage.sql.exec("INSERT INTO meta (key, value) VALUES ('current_session', ?)", older);
    });

    await ask(chat, telegramGroupUpdate(chat, `${marker} [General] My name is Ada.`), "In the old session.");
    await ask(chat, inForumTopic(telegramGroupUpdate(chat, `${marker} [Topic] What is my name?`), 10), "In the topic.");
    expect(JSON.stringify((await requests(key)).requests[1]!.messages)).not.toContain("My name is Ada.");
    expect(await runsOf(older)).toBe(1);
    expect(await runsOf(`tg-${chat}-t10`)).toBe(1);
  });
});
