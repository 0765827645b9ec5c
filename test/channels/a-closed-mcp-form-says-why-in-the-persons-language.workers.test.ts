// A chat's answer to an MCP server's form that the session can no longer take is told why in the person's
// language, by the refusal's code: the question lost to a restart of the session (input_lost: formLost, and the
// run goes on), already answered or expired (already_answered: formAlreadyAnswered), or not there at all
// (not_found: formNotOpen). It used to be the session's English message ("input inp_… can no longer be
// answered: the session restarted while …") inside the Spanish "Esta pregunta está cerrada: …".
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newId, userMessage } from "../../src/agent/messages";
import { fill } from "../../src/lib/phrase-book";
import { OnDemandTables } from "../../src/lib/on-demand-tables";
import { chatPhrases } from "../../src/platforms/chat-phrases";
import { InputStore } from "../../src/session/interactions/input-store";
import { RunLifecycle } from "../../src/session/runs/run-lifecycle";
import { SESSION_ON_DEMAND_TABLES } from "../../src/session/schema";
import { SessionStore } from "../../src/session/session-store";
import { formAskedInChat } from "../support/chat-form";
import { script } from "../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../support/platform-control";
import { fromLanguage, postTelegram, telegramUpdate } from "../support/telegram-requests";
import { uniqueId } from "../support/worker-http";

const FORM = { type: "object", properties: { name: { type: "string", title: "Nombre" } }, required: ["name"] };

/** The session's side of the question: lost (pending, its held request gone with a restart), settled before, or none. */
async function sessionWith(question: "lost" | "settled" | "none") {
  const sessionId = uniqueId("tg-form");
  const runId = newId("run");
  const inputId = newId("inp");
  if (question === "none") return { sessionId, runId, inputId };
  const marker = await script(uniqueId("k"), [{ text: "Sigo sin tu nombre." }]);
  const stub = env.SESSIONS.getByName(sessionId);
  await runInDurableObject(stub, (_o, state) => {
    const store = new SessionStore(state.storage.sql);
    store.create(sessionId, {}, "telegram");
    const row = { inputId, runId, server: "notes", message: "Tell me about you.", requestedSchema: FORM };
    const inputs = new InputStore(new OnDemandTables(state.storage.sql, SESSION_ON_DEMAND_TABLES));
    if (question === "lost") {
      store.runs.insert(runId, `${marker} sign me up`, { stream: false, paradigm: "react", maxSteps: 5 });
      const lifecycle = new RunLifecycle(store);
      lifecycle.begin(store.runs.get(runId)!);
      store.appendMessage(userMessage(`${marker} sign me up`), runId);
      lifecycle.awaitInput(runId);
    }
    inputs.insert({ ...row, createdAt: new Date().toISOString(), expiresAt: Date.now() + 600_000 });
    if (question === "settled") inputs.settle(inputId, "expired", "expiry");
  });
  // Its next life has no held request: the restart.
  await evictDurableObject(stub);
  return { sessionId, runId, inputId };
}

/** Answers the form's one field in Spanish; the chat's messages after it. */
async function answered(question: "lost" | "settled" | "none", count: number): Promise<string[]> {
  const chat = uniqueChatId();
  await formAskedInChat(chat, { ...(await sessionWith(question)), server: "notes", requestedSchema: FORM });
  expect((await postTelegram(fromLanguage(telegramUpdate(chat, "Ada"), "es"))).status).toBe(200);
  const texts = async () => (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => String(c.body.text));
  return waitFor(async () => (await texts()).length >= count && texts(), `${count} messages`);
}

describe("an answer to a form the session can no longer take", () => {
  it("lost to a restart: formLost, in Spanish, and the run goes on", async () => {
    const es = await chatPhrases(env.ASSETS, "es");
    const [closed, answer] = await answered("lost", 2);
    expect(closed).toBe(fill(es.formLost, { server: "notes" }));
    expect(answer).toBe("Sigo sin tu nombre.");
  });

  it("already answered or expired: formAlreadyAnswered, in Spanish", async () => {
    const es = await chatPhrases(env.ASSETS, "es");
    expect((await answered("settled", 1))[0]).toBe(es.formAlreadyAnswered);
  });

  it("not there: formNotOpen, in Spanish", async () => {
    const es = await chatPhrases(env.ASSETS, "es");
    expect((await answered("none", 1))[0]).toBe(es.formNotOpen);
  });
});
