// MCP prompts offered as skills: each connected server's prompts join the skill catalog as
// `mcp__<server>__<prompt>`, and load_skill fetches one with prompts/get. load_skill's `args` is a
// string; a prompt takes named string arguments, so args is either a JSON object of them or, for a
// prompt with a single argument (or a single required one), that argument's value as it is.
// A server's allowTools / denyTools patterns apply to its prompts too: what is kept from the model as a
// tool is not handed to it as a skill either.
import type { ExternalSkill } from "../tools/skills";
import { mapGetPromptResult } from "./call-result";
import type { PromptSummary } from "./discovery-cache";
import { errorText } from "./error-text";
import type { McpServerConnection } from "./server-connection";
import { toolFilter } from "./tool-filter";
import { assignToolName } from "./tool-names";

type Parsed = { ok: true; args: Record<string, string> } | { ok: false; error: string };

function describe(server: string, prompt: PromptSummary): string {
  const args = (prompt.arguments ?? []).map((a) => `${a.name}${a.required ? " (required)" : ""}${a.description ? `: ${a.description}` : ""}`);
  const what = prompt.description ?? `prompt ${prompt.name}`;
  return `${what} (MCP server ${server}${args.length ? `; args: ${args.join("; ")}` : ""})`;
}

/** load_skill's `args` as the prompt's named arguments, or why they do not fit. */
export function promptArguments(prompt: PromptSummary, args: string | undefined): Parsed {
  const declared = prompt.arguments ?? [];
  const text = args?.trim() ?? "";
  let values: Record<string, string> = {};
  if (text.startsWith("{")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { ok: false, error: `args for ${prompt.name} is not valid JSON: pass an object such as {"${declared[0]?.name ?? "name"}": "…"}.` };
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return { ok: false, error: "args must be a JSON object of argument names to values." };
    values = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]));
    const unknownNames = Object.keys(values).filter((k) => !declared.some((a) => a.name === k));
    if (unknownNames.length)
      return {
        ok: false,
        error: `Prompt ${prompt.name} has no argument ${unknownNames.join(", ")}; it takes: ${declared.map((a) => a.name).join(", ") || "none"}.`,
      };
  } else if (text) {
    const required = declared.filter((a) => a.required);
    const only = declared.length === 1 ? declared[0] : required.length === 1 ? required[0] : undefined;
    if (!only) {
      return { ok: false, error: `Prompt ${prompt.name} takes ${declared.map((a) => a.name).join(", ") || "no arguments"}: pass args as a JSON object.` };
    }
    values = { [only.name]: text };
  }
  const missing = declared.filter((a) => a.required && !(a.name in values)).map((a) => a.name);
  if (missing.length)
    return { ok: false, error: `Prompt ${prompt.name} needs ${missing.join(", ")}: pass args as a JSON object such as {"${missing[0]}": "…"}.` };
  return { ok: true, args: values };
}

/** The skills of every server's prompts; names unique across servers (the tool-name rule of tool-names.ts). */
export function promptSkills(servers: { connection: McpServerConnection; prompts: PromptSummary[] }[]): ExternalSkill[] {
  const taken = new Set<string>();
  return servers.flatMap(({ connection, prompts }) =>
    prompts
      .filter((prompt) => toolFilter(connection.config)(prompt.name))
      .map((prompt) => ({
        name: assignToolName(connection.name, prompt.name, taken),
        description: describe(connection.name, prompt),
        async load(args: string | undefined, signal: AbortSignal) {
          const parsed = promptArguments(prompt, args);
          if (!parsed.ok) return parsed;
          try {
            return { ok: true as const, content: mapGetPromptResult(await connection.getPrompt(prompt.name, parsed.args, signal)) };
          } catch (error) {
            return { ok: false as const, error: `MCP server ${connection.name} could not give prompt ${prompt.name}: ${errorText(error)}` };
          }
        },
      })),
  );
}
