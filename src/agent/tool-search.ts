// Tool search: a run with hundreds of tools does not send them all to the model. Past the registry's
// `inlineMax`, its deferrable tools (MCP tools) are deferred: the model sees the tools that stay inline
// plus `tool_search`, which finds deferred tools by words of their names and descriptions and answers
// their names with one line each. The tools it found are "revealed": from the next step on, the loop
// offers their schemas beside the inline ones. Whatever is offered, a request never carries more than
// MAX_MODEL_TOOLS (OpenAI refuses more than 128). Claude Code defers MCP tools the same way.
import * as z from "zod";
import type { Message } from "./messages";
import type { RunState } from "./run-state";
import { defineTool, fail, ok, type Tool, type ToolRegistry, type ToolSignature, type ToolSpec } from "./tools";

export const TOOL_SEARCH = "tool_search";
/** The most tools one model request carries, whatever the run has (OpenAI's limit). */
export const MAX_MODEL_TOOLS = 128;
/** Matches one search answers at most. */
const MAX_MATCHES = 20;
const DEFAULT_MATCHES = 8;
/** A match line of tool_search's answer: "- <name>: <one line>". Read back to re-reveal after a resume. */
const MATCH_LINE = /^- ([A-Za-z0-9_-]{1,64}): /gm;

declare module "./run-state" {
  interface RunStateVars {
    /** Deferred tools tool_search revealed in this run, oldest first (the oldest leave first at the cap). */
    revealedTools: Set<string>;
  }
}

const oneLine = (text: string) => (text.split("\n").find((l) => l.trim()) ?? "").trim().slice(0, 160);
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Deferred tools ranked for `query`: an exact name first, then by query words found in the name (3 each) and the description (1 each). */
export function searchTools(tools: readonly Tool[], query: string, limit: number): Tool[] {
  const wanted = words(query);
  const exact = query.trim();
  const scored = tools.map((tool) => {
    if (tool.name === exact) return { tool, score: Number.POSITIVE_INFINITY };
    const name = new Set(words(tool.name));
    const description = new Set(words(tool.description));
    const score = wanted.reduce((s, w) => s + (name.has(w) ? 3 : 0) + (description.has(w) ? 1 : 0), 0);
    return { tool, score };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((s) => s.tool);
}

function revealed(state: RunState): Set<string> {
  return state.get("revealedTools") ?? new Set();
}

/** Marks tools revealed, most recent last. */
function reveal(state: RunState, names: readonly string[]): void {
  if (!names.length) return;
  const set = revealed(state);
  for (const name of names) {
    set.delete(name);
    set.add(name);
  }
  state.set("revealedTools", set);
}

/** Servers (the `mcp__<server>__` prefix) and how many deferred tools each has, for the tool's description. */
function deferredSummary(tools: readonly Tool[]): string {
  const bySource = new Map<string, number>();
  for (const t of tools) {
    const source = /^(mcp__.+?)__/.exec(t.name)?.[1] ?? t.name;
    bySource.set(source, (bySource.get(source) ?? 0) + 1);
  }
  return [...bySource].map(([source, n]) => `${source} (${n})`).join(", ");
}

export const TOOL_SEARCH_SIGNATURE = {
  name: TOOL_SEARCH,
  input: z.object({
    query: z.string().min(1).max(500).describe("Words of the tool's name or purpose, or its exact name."),
    limit: z.number().int().min(1).max(MAX_MATCHES).optional().describe(`How many matches at most (default ${DEFAULT_MATCHES}).`),
  }),
} satisfies ToolSignature;

export const toolSearchTool = defineTool({
  ...TOOL_SEARCH_SIGNATURE,
  description:
    "Finds tools that are not listed yet. Some tools are offered by name only, because there are too many to list: search by what you want to do (words of a tool's name or purpose), or give a tool's exact name. The answer lists matching tools with one line each; their full definitions are available from your next step, and you can then call them.",
  sideEffects: false,
  replaySafe: true,
  run({ query, limit }, ctx) {
    const deferred = ctx.tools?.deferred() ?? [];
    if (!deferred.length) return fail("No tools are deferred in this run: every tool is already listed.");
    // Only as many as the next request has room for: the answer promises each one found.
    const room = roomForRevealed(ctx.tools!, deferred);
    if (!room) return fail(`No deferred tool can be offered: this run's other tools fill a model request (${MAX_MODEL_TOOLS} at most).`);
    const found = searchTools(deferred, query, Math.min(limit ?? DEFAULT_MATCHES, room));
    if (!found.length) return ok(`No deferred tool matches "${query}". Deferred tools: ${deferredSummary(deferred)}. Try other words.`);
    // Best match last: the newest revealed tools are the last to leave at the cap.
    reveal(ctx.runState, found.map((t) => t.name).reverse());
    const lines = found.map((t) => `- ${t.name}: ${oneLine(t.description)}`);
    return ok(`${found.length} tool${found.length === 1 ? "" : "s"} found; call them from your next step:\n${lines.join("\n")}`, {
      tools: found.map((t) => t.name),
    });
  },
});

/** How many deferred tools a request has room for beside the inline ones (tool_search among them, once added). */
function roomForRevealed(registry: ToolRegistry, deferred: readonly Tool[]): number {
  return Math.max(0, MAX_MODEL_TOOLS - (registry.specs().length - deferred.length));
}

/**
 * What the model is offered this step: every tool when nothing is deferred; otherwise the inline tools,
 * tool_search and the revealed tools, newest first when they would pass MAX_MODEL_TOOLS. Adds tool_search
 * to the registry the first time something is deferred, so its calls are prepared like any other.
 */
export function offeredTools(registry: ToolRegistry, state: RunState): readonly ToolSpec[] {
  const deferred = registry.deferred();
  if (!deferred.length) return registry.specs();
  if (!registry.has(TOOL_SEARCH)) registry.add(toolSearchTool);
  const deferredNames = new Set(deferred.map((t) => t.name));
  const inline = registry.specs().filter((s) => !deferredNames.has(s.name));
  const room = roomForRevealed(registry, deferred);
  const picked = new Set(room ? [...revealed(state)].filter((name) => deferredNames.has(name)).slice(-room) : []);
  return [...inline, ...registry.specs().filter((s) => picked.has(s.name))];
}

/** After a resume: the deferred tools an earlier execution of the run revealed (tool_search answers) or called are revealed again. */
export function revealFromHistory(registry: ToolRegistry, state: RunState, messages: readonly Message[]): void {
  const deferred = new Set(registry.deferred().map((t) => t.name));
  if (!deferred.size) return;
  const names: string[] = [];
  for (const m of messages) {
    if (m.role === "tool" && m.name === TOOL_SEARCH) names.push(...[...m.content.matchAll(MATCH_LINE)].map((x) => x[1]!));
    if (m.role === "assistant") names.push(...(m.toolCalls ?? []).map((c) => c.name));
  }
  reveal(
    state,
    names.filter((n) => deferred.has(n)),
  );
}

/**
 * The hard limit at the model boundary: a request with more than MAX_MODEL_TOOLS tools loses first the
 * deferrable tools (still called by exact name), then the agent's other tools, the last ones first. A client's
 * tool and tool_search are never cut (nothing else offers them, and a client's tool_choice may name one): when
 * they alone are more, the run fails rather than send a request that leaves one out.
 */
export function capTools(specs: readonly ToolSpec[], registry: ToolRegistry): { specs: readonly ToolSpec[]; dropped: number } {
  const over = specs.length - MAX_MODEL_TOOLS;
  if (over <= 0) return { specs, dropped: 0 };
  const kept = (s: ToolSpec) => s.name === TOOL_SEARCH || registry.get(s.name)?.external !== undefined;
  const cuttable = specs.map((s, i) => ({ i, deferrable: registry.get(s.name)?.deferrable === true, kept: kept(s) })).filter((c) => !c.kept);
  if (cuttable.length < over)
    throw new Error(`${specs.length - cuttable.length} client tools and tool_search are more than a model request may carry (${MAX_MODEL_TOOLS}).`);
  const cut = new Set(
    cuttable
      .sort((a, b) => Number(b.deferrable) - Number(a.deferrable) || b.i - a.i)
      .slice(0, over)
      .map((c) => c.i),
  );
  return { specs: specs.filter((_, i) => !cut.has(i)), dropped: over };
}
