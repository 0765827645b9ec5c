// What /compact says when the session refuses it for a reason of its own is in the person's language, chosen
// by the refusal's code: the run-notice phrase a failed run would get (model_not_configured), else errorCode
// with the code. It used to be the session's English message ("Compaction writes its summary with the model,
// and no model is configured.") inside a Spanish chat.
import { expect, it } from "vitest";
import { compactText } from "../../src/channels/chat-replies";
import { fill } from "../../src/lib/phrase-book";
import { chatPhrases } from "../../src/platforms/chat-phrases";
import { runNoticePhrases } from "../../src/platforms/run-notice-phrases";
import { publicAssets } from "../support/public-assets";

const refused = (code: string, message: string) => ({ ok: false as const, code, message }) as Parameters<typeof compactText>[0];

it("says model_not_configured with its run-notice phrase, in Spanish", async () => {
  const [es, notices] = await Promise.all([chatPhrases(publicAssets, "es"), runNoticePhrases(publicAssets, "es")]);
  const english = "Compaction writes its summary with the model, and no model is configured.";
  const text = compactText(refused("model_not_configured", english), es, notices);
  expect(text).toBe(fill(es.runFailed, { reason: notices.model_not_configured }));
  expect(text).not.toContain(english);
});

it("says a code without a phrase as errorCode with the code, never the session's English", async () => {
  const [ja, notices] = await Promise.all([chatPhrases(publicAssets, "ja"), runNoticePhrases(publicAssets, "ja")]);
  const english = "This Idempotency-Key was used for another request.";
  expect(Object.hasOwn(notices, "idempotency_key_reused")).toBe(false);
  const text = compactText(refused("idempotency_key_reused", english), ja, notices);
  expect(text).toBe(fill(ja.runFailed, { reason: fill(ja.errorCode, { code: "idempotency_key_reused" }) }));
  expect(text).not.toContain(english);
});
