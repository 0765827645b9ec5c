import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { call, uniqueId } from "../../support/worker-http";

describe("skills from static assets and lessons in R2, through the Worker", () => {
  it("lists skills in the system prompt and loads one on demand", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "load_skill", args: { name: "knowledge-compiler", args: "limits" } }] }, { text: "loaded" }]);
    const run = await (await call(`/v1/sessions/${uniqueId()}/runs`, { method: "POST", json: { input: `${marker} teach me limits` } })).json();
    expect((run as { error?: unknown }).error).toBeUndefined();
    expect(run).toMatchObject({ status: "completed" });
    const [first, second] = (await requests(key)).requests;
    const system = String(first!.messages[0]!.content);
    expect(system).toContain("knowledge-compiler");
    expect(system).toContain("exercise-generator");
    const toolResult = second!.messages.at(-1)!;
    expect(toolResult.role).toBe("tool");
    expect(String(toolResult.content)).toContain("Key Concepts");
  });

  it("saves a lesson to R2 and serves it at /v1/lessons", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [
      {
        toolCalls: [
          { name: "save_document", args: { filename: "notes on limits", content: "# Limits\n\nPlain notes, not a lesson.", format: "txt", topic: "calculus" } },
        ],
      },
      { text: "saved" },
    ]);
    await call(`/v1/sessions/${uniqueId()}/runs`, { method: "POST", json: { input: `${marker} save` } });
    const list = (await (await call(`/v1/lessons`)).json()) as { lessons: Array<{ key: string; topic: string; bytes: number }> };
    const saved = list.lessons.find((l) => l.key.startsWith("notes-on-limits"))!;
    expect(saved).toMatchObject({ topic: "calculus" });
    const res = await call(`/v1/lessons/${saved.key}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Plain notes");
    // A saved document is never sniffed into HTML by a browser.
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await call(`/v1/lessons/..%2F..%2Fetc%2Fpasswd`)).status).toBe(400);
    expect((await call(`/v1/lessons/never-saved.md`)).status).toBe(404);
  });
});
