// Short answers and practice tasks graded by the scripted model: a small request with the grade tool
// only, a structured verdict, one retry of a malformed verdict, then "could not grade"; the grading
// is a run of the learner's session (traced, counted) that leaves the conversation alone.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { putLesson } from "../support/quiz-lesson";
import { call, uniqueId } from "../support/worker-http";

const answer = (key: string, body: unknown) => call(`/v1/lessons/${key}/answers`, { method: "POST", json: body });
const grade = (args: unknown) => ({ toolCalls: [{ name: "grade", args }], usage: { prompt_tokens: 120, completion_tokens: 30 } });

describe("model grading", () => {
  it("sends the exercise, the key and the answer (not the lesson) and returns the grade tool's verdict", async () => {
    const key = `${uniqueId("quiz")}.md`;
    const learner = uniqueId("learner");
    await putLesson(env.LESSONS, key);
    const s = uniqueId("grade");
    const marker = await script(s, [grade({ verdict: "partial", score: 0.5, feedback: "You say a factor goes, but not why its count comes in front." })]);
    const res = await answer(key, { exercise: "1.4", answer: `${marker} Because one x is removed.`, sessionId: learner });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      exerciseId: "1.4",
      verdict: "partial",
      score: 0.5,
      feedback: "You say a factor goes, but not why its count comes in front.",
      expected: "Each factor of $x$ is differentiated once, so one factor goes and its count comes in front.",
    });

    const [request, ...more] = (await requests(s)).requests;
    expect(more).toEqual([]);
    const text = JSON.stringify(request!.messages);
    expect(text.length).toBeLessThan(2500);
    expect(text).toContain("Why does the power rule lower the exponent by one?");
    expect(text).toContain("A good answer mentions the product of $n$ factors");
    expect(text).toContain("Because one x is removed.");
    expect(text).not.toContain("only in the lesson");
    expect(request!.messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(request!.tools?.map((t) => t.function.name)).toEqual(["grade"]);
    expect(request!.tool_choice).toEqual({ type: "function", function: { name: "grade" } });

    // A run of the learner's session: in its runs (with usage) and trace, not in its conversation.
    const session = (await (await call(`/v1/sessions/${learner}`)).json()) as {
      messages: unknown[];
      runs: Array<{ status: string; usage: { totalTokens: number } }>;
    };
    expect(session.messages).toEqual([]);
    expect(session.runs).toEqual([expect.objectContaining({ status: "completed", usage: expect.objectContaining({ totalTokens: 150 }) })]);
    const trace = (await (await call(`/v1/sessions/${learner}/events`)).json()) as { events: Array<{ type: string; data: { name?: string } }> };
    expect(trace.events.some((e) => e.type === "tool.finished" && e.data.name === "grade")).toBe(true);
    expect(await (await call(`/v1/learners/${learner}/progress`)).json()).toMatchObject({ answered: 1, correct: 0 });
  });

  it("asks the model about a fill-in answer the key does not settle, with the key's accepted forms", async () => {
    const key = `${uniqueId("quiz")}.md`;
    await putLesson(env.LESSONS, key);
    const s = uniqueId("grade");
    const marker = await script(s, [grade({ verdict: "correct", score: 1, feedback: "Yes: five times x to the fourth." })]);
    const res = await answer(key, { exercise: "1.3", answer: `${marker} five times x to the fourth power` });
    expect(await res.json()).toEqual({
      exerciseId: "1.3",
      verdict: "correct",
      score: 1,
      feedback: "Yes: five times x to the fourth.",
      expected: "$5x^4$",
    });
    const [request] = (await requests(s)).requests;
    const text = JSON.stringify(request!.messages);
    expect(text).toContain("Exercise 1.3 (fill in)");
    expect(text).toContain("Answer key: $5x^4$");
    expect(text).toContain("Also accepted: 5x⁴; 5 x^4");
    // A form the key allows is settled without the model.
    expect(await (await answer(key, { exercise: "1.3", answer: "5x**4" })).json()).toMatchObject({ verdict: "correct" });
  });

  it("retries a malformed verdict once", async () => {
    const key = `${uniqueId("quiz")}.md`;
    await putLesson(env.LESSONS, key);
    const s = uniqueId("grade");
    const marker = await script(s, [grade({ verdict: "great", score: 3 }), grade({ verdict: "correct", score: 1, feedback: "Right, and checked." })]);
    const res = await answer(key, { exercise: "1.5", answer: `${marker} 12x^2 - 2, at x = 1 it is 10` });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ verdict: "correct", score: 1, feedback: "Right, and checked." });
    const [, retry] = (await requests(s)).requests;
    // The second request carries the validation error of the first call.
    expect(JSON.stringify(retry!.messages.at(-1))).toMatch(/verdict/);
  });

  it("reports 'could not grade' after a second malformed verdict and records nothing", async () => {
    const key = `${uniqueId("quiz")}.md`;
    const learner = uniqueId("learner");
    await putLesson(env.LESSONS, key);
    const s = uniqueId("grade");
    const marker = await script(s, [grade({ verdict: "great" }), { text: "I think it is fine." }]);
    const res = await answer(key, { exercise: "1.4", answer: `${marker} no idea`, sessionId: learner });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: "could_not_grade",
      message: expect.stringContaining("Could not grade"),
    });
    expect((await requests(s)).requests).toHaveLength(2);
    expect(await (await call(`/v1/learners/${learner}/progress`)).json()).toMatchObject({ answered: 0 });
  });
});
