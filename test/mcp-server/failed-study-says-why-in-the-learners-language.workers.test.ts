// A study run that fails says why with the run-notice phrase of its code (run-notices.json, the bots' and the
// web page's words) in the language the call named, by its tag or its name in any lesson language, and
// gives the code for the host; it used to be "The run failed: <the developer's English message> (code)".
// The developer's message stays in structuredContent.error. A call that names no language gets English.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, it } from "vitest";
import notices from "../../public/i18n/run-notices.json";
import { fileMcpClient } from "../support/mcp-worker-client";
import { script } from "../support/model-control";
import { uniqueId } from "../support/worker-http";

const client = fileMcpClient();

async function failedStudy(language?: string) {
  const key = uniqueId("mcp-down");
  const marker = await script(
    key,
    Array.from({ length: 4 }, () => ({ status: 503 })),
  );
  const args = { topic: `${marker} derivadas`, sessionId: key, ...(language ? { language } : {}) };
  return (await client().callTool({ name: "study", arguments: args })) as CallToolResult;
}

it.each([
  ["Español", notices.es.model_unavailable],
  ["Spanish", notices.es.model_unavailable],
  ["ja", notices.ja.model_unavailable],
  [undefined, notices.en.model_unavailable],
])("language %s", async (language, phrase) => {
  const result = await failedStudy(language);
  expect(result.isError).toBe(true);
  expect(result.content).toEqual([{ type: "text", text: `${phrase} (model_unavailable)` }]);
  expect(result.structuredContent).toMatchObject({ status: "failed", error: { code: "model_unavailable", message: expect.any(String) } });
});
