// A run that fails on /v1/ui/chat with a code the run notices have no phrase for ends its stream with an
// errorText that names the code in the person's words (the bots' errorCode, in the language Accept-Language
// chose), as the chats and the web page say it; it used to be the server's English message. A code with a
// phrase is that phrase with its code after it, and a request that named no language gets the server's words.
import { parseJsonEventStream, uiMessageChunkSchema } from "ai";
import { describe, expect, it } from "vitest";
import { fill } from "../../src/lib/phrase-book";
import { uiMessageStream } from "../../src/openai-compatible/ui-message-stream";
import { failureWords } from "../../src/platforms/run-notice-phrases";
import { publicAssets } from "../support/public-assets";

const MESSAGE = "The run state grew past its limit of 1 MiB.";

/** The errorText of a reply whose run fails with `code`, said with `said`. */
async function errorText(code: string, said?: Awaited<ReturnType<typeof failureWords>>): Promise<string> {
  const rows = [
    { seq: 1, event: { type: "run.started", runId: "run_1" } },
    { seq: 2, event: { type: "run.failed", runId: "run_1", error: { code, message: MESSAGE } } },
  ];
  const events = new Response(rows.map((r) => `${JSON.stringify(r)}\n`).join("")).body!;
  const reply = { messageId: "run_1", sessionId: "ses_1", runId: "run_1", ...(said ? { said } : {}) };
  for await (const chunk of parseJsonEventStream({ stream: uiMessageStream(events, reply), schema: uiMessageChunkSchema }))
    if (chunk.success && chunk.value.type === "error") return chunk.value.errorText;
  throw new Error("the stream has no error chunk");
}

describe("a failed run's errorText on /v1/ui/chat", () => {
  it("names a code without a phrase with errorCode in the person's language, not the server's English", async () => {
    const es = await failureWords(publicAssets, "es");
    expect(Object.hasOwn(es.notices, "some_new_failure")).toBe(false);
    const text = await errorText("some_new_failure", es);
    expect(text).toBe(fill(es.errorCode, { code: "some_new_failure" }));
    expect(text).not.toContain(MESSAGE);
  });

  it("says a code with a phrase with that phrase and the code", async () => {
    const es = await failureWords(publicAssets, "es");
    expect(await errorText("model_timeout", es)).toBe(`${es.notices.model_timeout} (model_timeout)`);
  });

  it("says the server's words when the request named no language", async () => {
    expect(await errorText("some_new_failure")).toBe(`${MESSAGE} (some_new_failure)`);
  });
});
