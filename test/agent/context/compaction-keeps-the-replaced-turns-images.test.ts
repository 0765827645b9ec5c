// A compaction replaces older turns with a summary, and their images stay with it: the summary message
// carries the replaced turns' image references (the most recent, as many as a model call shows, after the
// previous summary's), so a later "what did my photo show?" is still sent the photo.
import { describe, expect, it } from "vitest";
import { MemoryCompactionStore } from "../../../src/agent/context/compaction";
import { ContextManager } from "../../../src/agent/context/context-manager";
import { newId, now, type ImageRef, type Message } from "../../../src/agent";
import { MemoryTodoStore } from "../../../src/agent/todo";
import { RunState } from "../../../src/agent/run-state";
import { MemoryToolOutputStore, testContextSettings } from "../../support/agent-run";
import { FakeModel } from "../../support/fake-model";

const photo = (name: string): ImageRef => ({ key: `img-${name}.png`, mediaType: "image/png", bytes: 1000 });
const turn = (role: "user" | "assistant", content: string, images?: ImageRef[]): Message =>
  role === "user"
    ? { role, id: newId("msg"), createdAt: now(), content, ...(images ? { images } : {}) }
    : { role, id: newId("msg"), createdAt: now(), content };

function manager(summaries: string[], maxImages: number) {
  const model = new FakeModel(summaries.map((text) => ({ text })));
  const compactions = new MemoryCompactionStore();
  const context = new ContextManager({
    model,
    outputs: new MemoryToolOutputStore(),
    compactions,
    todos: new MemoryTodoStore(),
    runState: new RunState(),
    settings: testContextSettings({ keepRounds: 2, maxImages }),
  });
  const request = (messages: Message[]) => ({ system: "You tutor.", messages, tools: [], signal: new AbortController().signal, emit: () => {} });
  return { model, compactions, context, request };
}

describe("compaction and images", () => {
  it("keeps the replaced turns' images on the summary, shown to the next call", async () => {
    const { context, compactions, model, request } = manager(["The learner sent a photo of a quadratic (img-page.png)."], 4);
    const history = [
      turn("user", "", [photo("page")]),
      turn("assistant", "A quadratic."),
      turn("user", "second question"),
      turn("assistant", "A2"),
      turn("user", "third question"),
      turn("assistant", "A3"),
      turn("user", "what did my photo show?"),
    ];
    expect(await context.compactNow(request(history))).toMatchObject({ compacted: true });
    expect(String(model.requests()[0]!.messages[0]!.content)).toContain("[image img-page.png, image/png]");
    expect(compactions.latest()?.images).toEqual([photo("page")]);

    const { messages: view } = await context.prepare(request(history));
    expect(view[0]).toMatchObject({ role: "summary", images: [photo("page")] });
    expect(view.map((m) => m.id)).not.toContain(history[0]!.id);
  });

  it("keeps the most recent of them, as many as a call shows, after the previous summary's", async () => {
    const { context, compactions, request } = manager(["First summary.", "Second summary."], 2);
    const history = [
      turn("user", "p1", [photo("p1")]),
      turn("assistant", "a1"),
      turn("user", "p2", [photo("p2")]),
      turn("assistant", "a2"),
      turn("user", "q3"),
      turn("assistant", "a3"),
    ];
    expect(await context.compactNow(request(history))).toMatchObject({ compacted: true });
    expect(compactions.latest()?.images).toEqual([photo("p1"), photo("p2")]);
    const longer = [...history, turn("user", "p4", [photo("p4")]), turn("assistant", "a4"), turn("user", "q5"), turn("assistant", "a5")];
    expect(await context.compactNow(request(longer))).toMatchObject({ compacted: true });
    expect(compactions.latest()?.images).toEqual([photo("p2"), photo("p4")]);
  });
});
