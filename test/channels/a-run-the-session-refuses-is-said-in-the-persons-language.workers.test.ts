// A message whose run the session refuses to start (here: the chat's session id is held by another tenant, so
// it is "not found" to the bot) is answered in the person's language, why chosen by the refusal's code: its
// run-notice phrase, else errorCode with the code. It used to put the session's English message ("session
// tg-… not found") inside the Spanish "Lo siento, no pude empezar con eso: …".
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { derivedId } from "../../src/lib/derived-ids";
import { fill } from "../../src/lib/phrase-book";
import { chatPhrases } from "../../src/platforms/chat-phrases";
import { runNoticePhrases } from "../../src/platforms/run-notice-phrases";
import { SessionStore } from "../../src/session/session-store";
import { platformCalls, uniqueChatId, waitFor } from "../support/platform-control";
import { fromLanguage, postTelegram, telegramUpdate } from "../support/telegram-requests";

describe("a run the session refuses to start", () => {
  it("is said in the person's language, by the refusal's code", async () => {
    const chat = uniqueChatId();
    const sessionId = derivedId("telegram", chat);
    await runInDurableObject(env.SESSIONS.getByName(sessionId), (_o, state) => new SessionStore(state.storage.sql).create(sessionId, {}, "another-tenant"));
    await evictDurableObject(env.SESSIONS.getByName(sessionId));

    expect((await postTelegram(fromLanguage(telegramUpdate(chat, "¿Qué es un ion?"), "es"))).status).toBe(200);
    const reply = await waitFor(async () => (await platformCalls("telegram", chat)).find((c) => c.method === "sendMessage"), "the reply");

    const [es, notices] = await Promise.all([chatPhrases(env.ASSETS, "es"), runNoticePhrases(env.ASSETS, "es") as Promise<Record<string, string>>]);
    const why = notices.not_found ?? fill(es.errorCode, { code: "not_found" });
    expect(reply.body.text).toBe(fill(es.couldNotStart, { reason: why }));
    expect(reply.body.text).not.toContain(sessionId);
  });
});
