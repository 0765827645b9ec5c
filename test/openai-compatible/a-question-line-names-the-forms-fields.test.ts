// On Chat Completions a run paused on an MCP server's question ends its reply with a line naming the
// question, and the form's fields with it: a question often says only "fill in these fields", so without
// them the person could not know what to answer. Each field by its key (`*` when required) and the server's
// title for it; no English word (the wire carries no language of the person).
import { describe, expect, it } from "vitest";
import type { SourcedEvent } from "../../src/agent";
import { chatContent } from "../../src/openai-compatible/chat-content";
import type { StreamRow } from "../../src/session/trace/stream-events";

async function* rows(events: unknown[]): AsyncGenerator<StreamRow> {
  for (const event of events) yield { event: event as SourcedEvent };
}

const asked = (requestedSchema: unknown) => ({
  type: "input.required",
  inputId: "inp_91c2",
  server: "ev",
  message: "Please provide inputs for the following fields:",
  requestedSchema,
  expiresAt: "2026-01-01T00:10:00Z",
});

async function reply(events: unknown[]): Promise<string> {
  let text = "";
  for await (const piece of chatContent(rows(events), { progress: false })) text += piece;
  return text;
}

describe("a Chat Completions reply paused on an MCP server's question", () => {
  it("names the form's fields, required ones marked, with the server's titles", async () => {
    const schema = {
      type: "object",
      properties: { name: { type: "string", title: "Full name" }, color: { type: "string", title: "color" }, age: { type: "integer" } },
      required: ["name"],
    };
    expect(await reply([{ type: "text.delta", delta: "Un momento." }, asked(schema)])).toBe(
      "Un momento.\n\n› ⏸️ ❓ ev: Please provide inputs for the following fields: 📝 name* (Full name), color, age (inp_91c2)\n\n",
    );
  });

  it("says no fields for a form that has none", async () => {
    expect(await reply([asked({ type: "object", properties: {} })])).toBe("› ⏸️ ❓ ev: Please provide inputs for the following fields: (inp_91c2)\n\n");
  });
});
