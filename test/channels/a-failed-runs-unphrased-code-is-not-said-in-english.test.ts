// A chat run that failed with an error code the run notices have no phrase for is said in the person's
// language as errorCode with the code, not with the run's own message (English, for developers) inside the
// translated "Sorry, that did not work: …". A code with a phrase is said with it, as before.
import { expect, it } from "vitest";
import { answerText } from "../../src/channels/chat-replies";
import type { RunOutcome } from "../../src/delivery/run-outcome";
import { fill } from "../../src/lib/phrase-book";
import { chatPhrases } from "../../src/platforms/chat-phrases";
import { runNoticePhrases } from "../../src/platforms/run-notice-phrases";
import { publicAssets } from "../support/public-assets";

const failed = (error: { code: string; message: string }) =>
  ({ run: { status: "failed", error }, lessonKeys: [], approvals: [], inputs: [], authorizations: [], warnings: [], lastSeq: 0 }) as unknown as RunOutcome;

it("says a failure's code without a phrase as errorCode, in Spanish", async () => {
  const [es, notices] = await Promise.all([chatPhrases(publicAssets, "es"), runNoticePhrases(publicAssets, "es")]);
  const error = { code: "some_new_failure", message: "The run state grew past its limit of 1 MiB." };
  expect(Object.hasOwn(notices, error.code)).toBe(false);
  const text = answerText(failed(error), es, notices);
  expect(text).toBe(fill(es.runFailed, { reason: fill(es.errorCode, { code: error.code }) }));
  expect(text).not.toContain(error.message);
});

it("says a failure's code with a phrase with that phrase", async () => {
  const [es, notices] = await Promise.all([chatPhrases(publicAssets, "es"), runNoticePhrases(publicAssets, "es")]);
  const text = answerText(failed({ code: "model_timeout", message: "The model did not answer within 60 s." }), es, notices);
  expect(text).toBe(fill(es.runFailed, { reason: notices.model_timeout }));
});
