// A branch (previous_response_id naming an older response) starts with the todo list as it was when that response
// ended: the list its todo_write calls left (a replaced list, then one merged into; a refused update changes
// nothing), not the list a later turn of the abandoned conversation wrote. Neither the branch's session nor its
// model sees the later list; the original conversation keeps it.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { call, uniqueId } from "../../support/worker-http";

const todos = async (sessionId: string) => ((await (await call(`/v1/sessions/${sessionId}`)).json()) as { todos: unknown[] }).todos;
const write = (id: string, args: object) => ({ toolCalls: [{ id, name: "todo_write", args }] });

describe("/v1/responses: a branch's todo list", () => {
  it("is the list as of the response it branches from, not the abandoned later turn's", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [
      write("c1", {
        todos: [
          { id: "1", text: "Basics of French", status: "in_progress" },
          { id: "2", text: "Verbs", status: "pending" },
        ],
      }),
      write("c2", {
        merge: true,
        todos: [
          { id: "1", status: "completed" },
          { id: "2", status: "in_progress" },
        ],
      }),
      // Refused (a second item in progress): the list stays as it was.
      write("c3", { merge: true, todos: [{ id: "3", text: "Refused item", status: "in_progress" }] }),
      { text: "Let's learn French." },
      write("c4", { todos: [{ id: "1", text: "SECRET-BRANCH: prepare for the hearing", status: "in_progress" }] }),
      { text: "Noted." },
      { text: "Verbs it is." },
    ]);
    const client = agentClient();
    const first = await client.responses.create({ model: "study-agent", input: `${marker} Teach me French` }).withResponse();
    const session = first.response.headers.get("x-session-id")!;
    await client.responses.create({ model: "study-agent", previous_response_id: first.data.id, input: "Actually, help with my hearing" });
    const branch = await client.responses.create({ model: "study-agent", previous_response_id: first.data.id, input: "Let's do verbs" }).withResponse();
    expect(branch.data.output_text).toBe("Verbs it is.");
    const branchSession = branch.response.headers.get("x-session-id")!;
    expect(branchSession).not.toBe(session);

    expect(await todos(branchSession)).toEqual([
      { id: "1", text: "Basics of French", status: "completed" },
      { id: "2", text: "Verbs", status: "in_progress" },
    ]);
    expect(JSON.stringify((await requests(key)).requests.at(-1)!.messages)).not.toContain("SECRET-BRANCH");
    expect(await todos(session)).toEqual([{ id: "1", text: "SECRET-BRANCH: prepare for the hearing", status: "in_progress" }]);
  });
});
