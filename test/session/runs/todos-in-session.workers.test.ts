import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { call, readSse, uniqueId } from "../../support/worker-http";

interface SessionBody {
  todos: Array<{ id: string; text: string; status: string }>;
}

describe("the todo list of a session", () => {
  it("is written by todo_write, streamed as todo.updated, part of GET /v1/sessions/:id, and kept across runs", async () => {
    const sid = uniqueId();
    // One script for the session: a request is routed by the first marker in its history.
    const key = uniqueId("k");
    const marker = await script(key, [
      {
        toolCalls: [
          {
            name: "todo_write",
            args: {
              todos: [
                { id: "1", text: "Find sources", status: "in_progress" },
                { id: "2", text: "Write the lesson" },
              ],
            },
          },
        ],
      },
      { text: "Planned." },
      {
        toolCalls: [
          {
            name: "todo_write",
            args: {
              todos: [
                { id: "1", status: "completed" },
                { id: "2", status: "in_progress" },
              ],
              merge: true,
            },
          },
        ],
      },
      { text: "Sources found." },
    ]);
    const res = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} teach me cells`, stream: true } });
    const updates = (await readSse(res)).filter((e) => e.event === "todo.updated");
    expect(updates).toHaveLength(1);
    expect(updates[0]!.data.todos).toEqual([
      { id: "1", text: "Find sources", status: "in_progress" },
      { id: "2", text: "Write the lesson", status: "pending" },
    ]);
    expect(((await (await call(`/v1/sessions/${sid}`)).json()) as SessionBody).todos).toEqual(updates[0]!.data.todos);

    // The next run merges into the stored list.
    const run = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: "go on" } });
    expect(await run.json()).toMatchObject({ status: "completed" });
    const { todos } = (await (await call(`/v1/sessions/${sid}`)).json()) as SessionBody;
    expect(todos.map((t) => `${t.id}:${t.status}`)).toEqual(["1:completed", "2:in_progress"]);
    expect(String((await requests(key)).requests[3]!.messages.at(-1)!.content)).toContain("[x] 1. Find sources");
  });

  it("is an empty list for a session that never had one", async () => {
    const sid = uniqueId();
    await call("/v1/sessions", { method: "POST", json: { id: sid } });
    expect(((await (await call(`/v1/sessions/${sid}`)).json()) as SessionBody).todos).toEqual([]);
  });
});
