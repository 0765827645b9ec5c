// study's progress lines are the OpenAI-compatible endpoint's symbols (progress-lines.ts), not English words:
// the host shows them to a person while the run goes on, and a Spanish learner read "Searching: derivadas"
// and "Saved: Derivadas (draft)". Only what the tools were given (a query, a URL, a title) is words.
import { expect, it } from "vitest";
import { StudyProgress } from "../../src/mcp-server/study-progress";

it("says each step with a symbol", () => {
  const progress = new StudyProgress();
  const lines = [
    progress.step({ type: "tool.started", name: "web_search", callId: "c1", args: { query: "derivadas" } }),
    progress.step({ type: "tool.started", name: "fetch_webpage", callId: "c2", args: { url: "https://es.wikipedia.org/wiki/Derivada" } }),
    progress.step({ type: "tool.finished", name: "fetch_webpage", callId: "c2", status: "success", output: "…", durationMs: 1 }),
    progress.step({ type: "tool.started", name: "load_skill", callId: "c3", args: { name: "knowledge-compiler" } }),
    progress.step({ type: "tool.started", name: "save_document", callId: "c4", args: { filename: "d", content: "# D\n## Capítulo 1\n## Capítulo 2" } }),
    progress.step({ type: "document.saved", key: "d.md", link: "/v1/lessons/d.md", title: "Derivadas", status: "draft", findings: [] }),
  ];
  // A page is a step once it was read.
  expect(lines.filter((l) => l !== null)).toEqual([
    "🔎 derivadas",
    "📖 https://es.wikipedia.org/wiki/Derivada",
    "🧩 knowledge-compiler",
    "✍️ 📑 2",
    "💾 Derivadas 📝",
  ]);
});
