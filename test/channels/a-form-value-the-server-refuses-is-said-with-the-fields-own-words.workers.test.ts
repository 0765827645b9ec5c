// A form's answer that the chat's own checks let through but the server's form refuses (here a whole number
// past the field's maximum) is told in the person's language: each refused field by its title with what it takes
// (the words a reply that does not fit gets, a number's with its range), then the form from its start again. It
// used to list the JSON Schema validator's English ("age: Instance 9 is greater than maximum 5…").
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newId } from "../../src/agent/messages";
import { fieldQuestion, formFields } from "../../src/channels/input-form";
import { fill } from "../../src/lib/phrase-book";
import { chatPhrases } from "../../src/platforms/chat-phrases";
import type { SessionLife } from "../../src/session/session-life";
import { formAskedInChat } from "../support/chat-form";
import { platformCalls, uniqueChatId, waitFor } from "../support/platform-control";
import { fromLanguage, postTelegram, telegramUpdate } from "../support/telegram-requests";
import { uniqueId } from "../support/worker-http";

const FORM = {
  type: "object",
  properties: { name: { type: "string", title: "Nombre" }, age: { type: "integer", title: "Edad", minimum: 1, maximum: 5 } },
  required: ["name", "age"],
};

/** A question the session holds open for its server, asked as an MCP server's request asks it (InputRequests.ask). */
async function heldQuestion(): Promise<{ sessionId: string; runId: string; inputId: string }> {
  const sessionId = uniqueId("tg-form");
  const runId = newId("run");
  const inputId = await runInDurableObject(env.SESSIONS.getByName(sessionId), (o) => {
    const life = (o as unknown as { life: SessionLife }).life;
    life.store.create(sessionId, {}, "telegram");
    life.store.runs.insert(runId, "sign me up", { stream: false, paradigm: "react", maxSteps: 5 });
    life.lifecycle.begin(life.store.runs.get(runId)!);
    void life.inputs.ask(runId, "notes", { message: "Tell me about you.", requestedSchema: FORM as never }, new AbortController().signal, {
      ttlMs: 600_000,
    });
    return life.inputs.pending(runId)[0]!.inputId;
  });
  return { sessionId, runId, inputId };
}

describe("a form's answer the server refuses", () => {
  it("names each refused field with what it takes, in Spanish, and asks the form again", async () => {
    const chat = uniqueChatId();
    const question = await heldQuestion();
    await formAskedInChat(chat, { ...question, server: "notes", requestedSchema: FORM });
    const texts = async () => (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => String(c.body.text));
    for (const [i, reply] of ["Ada", "9"].entries()) {
      expect((await postTelegram(fromLanguage(telegramUpdate(chat, reply), "es"))).status).toBe(200);
      await waitFor(async () => (await texts()).length === i + 1, `the answer to ${reply}`);
    }

    const es = await chatPhrases(env.ASSETS, "es");
    const takes = fill(es.formReplyInteger, { range: fill(es.formRangeBetween, { min: 1, max: 5 }) });
    const again = fieldQuestion(question.inputId, formFields(FORM), { field: 0, values: {} }, es).text;
    expect((await texts())[1]).toBe(fill(es.formNotAccepted, { server: "notes", errors: `Edad: ${takes}`, question: again }));
  });
});
