// A study run that fails with a code the run notices have no phrase for says why with the bots' errorCode,
// which names the code, in the language the call named; it used to be the developer's English message. The
// message stays in structuredContent.error, and a call that names no language still gets it.
import { expect, it } from "vitest";
import type { Env } from "../../src/env";
import { fill } from "../../src/lib/phrase-book";
import { runResult } from "../../src/mcp-server/run-result";
import { chatPhrases } from "../../src/platforms/chat-phrases";
import type { RunView } from "../../src/session/runs/run-views";
import { publicAssets } from "../support/public-assets";

const error = { code: "some_new_failure", message: "The run state grew past its limit of 1 MiB." };
const env = { ASSETS: publicAssets } as unknown as Env;

/** The tool result of a study run that failed with `error`, for a call that named `language`. */
async function failedStudy(language?: string) {
  const run = { runId: "run_1", status: "failed", output: "", steps: 1, error, createdAt: "2026-01-01T00:00:00Z" } as unknown as RunView;
  return runResult({ sessionId: "ses_1", started: false, run, saved: [] }, env, "https://study.example", language);
}

it.each([
  ["Español", "es"],
  ["ja", "ja"],
  // A tag keeps its script: Traditional Chinese, not the zh vocabulary's Simplified.
  ["zh-TW", "zh-Hant"],
])("language %s: errorCode with the code, not the message", async (language, tag) => {
  const result = await failedStudy(language);
  const { errorCode } = await chatPhrases(publicAssets, tag);
  expect(result.isError).toBe(true);
  expect(result.content).toEqual([{ type: "text", text: fill(errorCode, { code: error.code }) }]);
  expect(result.structuredContent).toMatchObject({ status: "failed", error });
});

it("no language: the message and the code", async () => {
  expect((await failedStudy()).content).toEqual([{ type: "text", text: `${error.message} (${error.code})` }]);
});
