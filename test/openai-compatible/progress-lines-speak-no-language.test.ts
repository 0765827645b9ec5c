// The progress lines a Chat Completions reply carries say what each tool does with a symbol, not an English
// word: they sit in an answer written in the learner's language, which the wire does not name. Only what the
// tool was given (a query, a URL, a plan's step) and, for a tool without a symbol, its name are words; the
// lines are still taken out of a history a client sends back.
import { describe, expect, it } from "vitest";
import {
  describeApproval,
  describePlan,
  describeQuestion,
  describeToolCall,
  describeToolFailure,
  PROGRESS_MARK,
  stripProgressLines,
} from "../../src/openai-compatible/progress-lines";

const lines: Array<[string | null, string]> = [
  [describeToolCall("web_search", { query: "derivadas para principiantes" }), "derivadas para principiantes"],
  [describeToolCall("fetch_webpage", { url: "https://es.wikipedia.org/wiki/Derivada" }), "https://es.wikipedia.org/wiki/Derivada"],
  [describeToolCall("calculate", { expression: "12*7" }), "12*7"],
  [describeToolCall("save_document", { title: "Derivadas: lección 1", markdown: "# …" }), "Derivadas: lección 1"],
  [describeToolCall("load_skill", { name: "lesson-writer" }), "lesson-writer"],
  [
    describePlan([
      { text: "Buscar fuentes", status: "completed" },
      { text: "Escribir los capítulos", status: "in_progress" },
      { text: "Guardar", status: "pending" },
    ]),
    "1/3 → Escribir los capítulos",
  ],
];

describe("progress lines", () => {
  it.each(lines)("%s: a symbol and what the tool was given, no word of any language", (line, given) => {
    expect(line).not.toBeNull();
    const symbol = line!.slice(0, line!.indexOf(" "));
    expect(symbol).not.toMatch(/\p{L}/u);
    expect(line!.slice(symbol.length + 1)).toBe(given);
  });

  it("names a tool without a symbol of its own, and a failure, by the tool's name", () => {
    expect(describeToolCall("mcp__wiki__lookup", { term: "derivada" })).toBe("🔧 mcp__wiki__lookup: derivada");
    expect(describeToolCall("mcp__wiki__status", {})).toBe("🔧 mcp__wiki__status");
    expect(describeToolFailure("web_search", "The search service answered 503.")).toBe("⚠️ web_search: The search service answered 503.");
    expect(describeToolCall("save_document", {})).toBe("💾 save_document");
    expect(describeToolCall("todo_write", { todos: [] })).toBeNull();
  });

  it("a pause says what waits with symbols: the tool or the server's question in its own words, and the id to act on", () => {
    expect(describeApproval("save_document", "appr_7f3a")).toBe("⏸️ 🔐 save_document (appr_7f3a)");
    expect(describeQuestion("wiki", "¿Qué nivel tienes?", "inp_91c2")).toBe("⏸️ ❓ wiki: ¿Qué nivel tienes? (inp_91c2)");
    // A question is never cut: the person has to answer all of it.
    const long = `${"¿Cuál de estos temas ya conoces? ".repeat(6)}\nElige uno.`;
    expect(describeQuestion("wiki", long, "inp_1")).toBe(`⏸️ ❓ wiki: ${long.replace(/\s+/g, " ").trim()} (inp_1)`);
  });

  it("are taken out of a history a client sends back", () => {
    const reply = [...lines.map(([line]) => `${PROGRESS_MARK} ${line}`), "La derivada mide el cambio."].join("\n\n");
    expect(stripProgressLines(reply)).toBe("La derivada mide el cambio.");
  });
});
