// answer_exercise says its verdict, the expected answer and its refusals in the words of the exercise's
// lesson (learner-phrases.json), as the chat quiz does: a Spanish lesson's learner read "incorrect (score 0)",
// "Expected:" and "The answer is empty." around Spanish feedback. The machine fields stay in structuredContent.
import { env } from "cloudflare:workers";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, it } from "vitest";
import es from "../../skills/knowledge-compiler/languages/es.md?raw";
import { fileMcpClient } from "../support/mcp-worker-client";
import { putLesson } from "../support/quiz-lesson";
import { uniqueId } from "../support/worker-http";

const client = fileMcpClient();

/** The Spanish language sheet's sample lesson (exercise 1.1 is C, 1.3 is 25). */
const spanish = /```markdown\n([\s\S]*?)```/.exec(es)![1]!;

const answer = async (args: Record<string, unknown>) => {
  const result = (await client().callTool({ name: "answer_exercise", arguments: args })) as CallToolResult;
  return { ...result, text: result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n") };
};

it("grades a Spanish lesson's exercise in Spanish", async () => {
  const key = `${uniqueId("mcp-es")}.md`;
  await putLesson(env.LESSONS, key, spanish);

  const wrong = await answer({ key, exercise: "1.1", answer: "A" });
  expect(wrong.text).toMatch(/^❌ No del todo\.\nelegiste A; la respuesta es C\. 30\.[\s\S]*\nRespuesta esperada: C\. 30/);
  expect(wrong.structuredContent).toMatchObject({ exerciseId: "1.1", verdict: "incorrect", score: 0 });
  const right = await answer({ key, exercise: "1.1", answer: "C" });
  expect(right.text).toMatch(/^✅ Correcto\.\n/);
  expect(right.text).not.toContain("Respuesta esperada");

  const empty = await answer({ key, exercise: "1.1", answer: "  " });
  expect(empty).toMatchObject({ isError: true, text: "Tu respuesta está vacía: escríbela, por favor." });
  const gone = await answer({ key, exercise: "9.9", answer: "C" });
  expect(gone).toMatchObject({ isError: true, text: `El ejercicio 9.9 de ${key} ya no existe.` });
});
