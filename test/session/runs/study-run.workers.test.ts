// The product end to end: search → fetch ×2 → load_skill ×2 → save_document → final answer, with the
// scripted model playing the agent and the fixture web playing the internet.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { EXERCISES_PREFIX } from "../../../src/lessons/exercise-store";
import { LESSON_PREFIX } from "../../../src/lessons/store";
import { validateLesson } from "../../../src/lessons/validator";
import { requests, script } from "../../support/model-control";
import { lessonCiting } from "../../support/study-script";
import { call, uniqueId } from "../../support/worker-http";

const web = String(env.SEARCH_BASE_URL);

describe("a study run produces a valid lesson from pages it read", () => {
  it("searches, fetches, loads skills, saves a valid lesson to R2 and links it", async () => {
    const pages = [`${web}/articles/derivatives`, `${web}/articles/limits`];
    const key = uniqueId("study");
    const marker = await script(key, [
      { toolCalls: [{ name: "web_search", args: { query: "derivatives introduction", num_results: 3 } }] },
      { toolCalls: pages.map((url) => ({ name: "fetch_webpage", args: { url } })) },
      { toolCalls: [{ name: "load_skill", args: { name: "knowledge-compiler", args: "derivatives" } }] },
      { toolCalls: [{ name: "load_skill", args: { name: "exercise-generator" } }] },
      {
        toolCalls: [
          {
            name: "save_document",
            args: { filename: "Derivatives: Measuring Change", content: lessonCiting(pages), topic: "calculus", title: "Derivatives: Measuring Change" },
          },
        ],
      },
      { text: "Your lesson on derivatives is saved." },
    ]);
    const sid = uniqueId("learner");
    const run = (await (await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} I want to learn calculus` } })).json()) as Record<
      string,
      unknown
    >;
    expect(run).toMatchObject({ status: "completed", steps: 6 });

    // What the model saw: search results, the articles' text (not their navigation), the skills.
    const seen = (await requests(key)).requests;
    const toolText = (i: number) =>
      seen[i]!.messages.filter((m) => m.role === "tool")
        .map((m) => String(m.content))
        .join("\n");
    expect(toolText(1)).toContain(`${web}/articles/derivatives`);
    expect(toolText(2)).toContain("slope of the tangent line");
    expect(toolText(2)).not.toContain("Home · About · Login");
    expect(toolText(3)).toContain("Key Concepts");
    expect(toolText(4)).toContain("Multiple choice");
    // The last tool result (a todo reminder, a user turn, may follow it: the run made no plan).
    const saveResult = seen[5]!.messages.findLast((m) => m.role === "tool")!;
    expect(String(saveResult.content)).not.toContain("DRAFT");
    expect(String(saveResult.content)).toContain("/v1/lessons/derivatives-measuring-change.md");

    // The lesson is in R2, listed, served as Markdown, and valid.
    const { lessons } = (await (await call(`/v1/lessons`)).json()) as { lessons: Array<{ key: string; title: string; topic: string; status: string }> };
    const saved = lessons.find((l) => l.key === "derivatives-measuring-change.md")!;
    expect(saved).toMatchObject({ title: "Derivatives: Measuring Change", topic: "calculus", status: "final" });
    const res = await call(`/v1/lessons/${saved.key}`);
    expect(res.headers.get("content-type")).toContain("text/markdown");
    const markdown = await res.text();
    expect(validateLesson(markdown, { fetchedUrls: new Set(pages) })).toMatchObject({ ok: true });
  });

  it("saves an unverified lesson as a draft and asks the model to repair it", async () => {
    const key = uniqueId("draft");
    const marker = await script(key, [
      { toolCalls: [{ name: "save_document", args: { filename: "unread sources", content: lessonCiting(["https://never-fetched.example/page"]) } }] },
      { text: "I will fix it." },
    ]);
    await call(`/v1/sessions/${uniqueId()}/runs`, { method: "POST", json: { input: `${marker} save` } });
    const result = (await requests(key)).requests[1]!.messages.at(-1)!;
    expect(String(result.content)).toContain("never-fetched.example");
    const { lessons } = (await (await call(`/v1/lessons`)).json()) as { lessons: Array<{ key: string; status: string }> };
    expect(lessons.find((l) => l.key === "unread-sources.md")).toMatchObject({ status: "draft" });
  });

  it("cannot be steered by a page into writing outside the lesson store or reaching private addresses", async () => {
    const key = uniqueId("inject");
    // The scripted model plays a model that obeys the injected page.
    const marker = await script(key, [
      { toolCalls: [{ name: "fetch_webpage", args: { url: `${web}/articles/injection` } }] },
      {
        toolCalls: [
          { name: "save_document", args: { filename: "../../etc/passwd", content: "root::0:0", format: "txt" } },
          { name: "fetch_webpage", args: { url: "http://169.254.169.254/latest/meta-data/" } },
        ],
      },
      { text: "done" },
    ]);
    await call(`/v1/sessions/${uniqueId()}/runs`, { method: "POST", json: { input: `${marker} tips please` } });
    const results = (await requests(key)).requests[2]!.messages.filter((m) => m.role === "tool").map((m) => String(m.content));
    expect(results[0]).toContain("Calculus tips");
    expect(results[2]).toMatch(/refused|not allowed|private|link-local/i);
    const objects = await env.LESSONS.list();
    expect(objects.objects.length).toBeGreaterThan(0);
    // Only the lesson store and the exercises parsed from its lessons are ever written.
    for (const o of objects.objects) expect([LESSON_PREFIX, EXERCISES_PREFIX].some((prefix) => o.key.startsWith(prefix))).toBe(true);
    expect(objects.objects.some((o) => o.key.includes(".."))).toBe(false);
  });
});
