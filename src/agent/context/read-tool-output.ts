// read_tool_output: the way back from a cut. The model reads any lines of an output it saw truncated
// or shortened, by the id the marker gave it.
import * as z from "zod";
import { defineTool, fail, memoized, ok, type Tool, type ToolSignature } from "../tools";
import type { ToolOutputStore } from "./tool-outputs";
import { joinLines, outputLines, utf8Length, type OutputLimits } from "./truncation";

export const READ_TOOL_OUTPUT_TOOL = "read_tool_output";

/** Bytes kept free for the header and footer lines. */
const FRAME_BYTES = 300;

const readInput = memoized((maxLines: number) =>
  z.object({
    id: z.string().min(1).max(128).describe("The output's id, from the marker"),
    offset: z.number().int().min(0).default(0).describe("First line to read, counting from 0"),
    limit: z.number().int().min(1).default(maxLines).describe("How many lines to read"),
  }),
);

/** read_tool_output's signature (its argument names do not depend on the line limit). */
export const READ_TOOL_OUTPUT_SIGNATURE: ToolSignature = { name: READ_TOOL_OUTPUT_TOOL, input: readInput(1) };

export function createReadToolOutputTool(store: ToolOutputStore, limits: OutputLimits): Tool {
  // The header and footer take two lines: what this tool returns is never cut again.
  const maxLines = Math.max(1, limits.maxLines - 2);
  return defineTool({
    name: READ_TOOL_OUTPUT_TOOL,
    description:
      "Read part of a tool output that was cut or shortened in your context, by the id its marker gives. " +
      `Lines count from 0; at most ${maxLines} lines (and ${limits.maxBytes} bytes) per call.`,
    input: readInput(maxLines),
    replaySafe: true,
    sideEffects: false,
    async run({ id, offset, limit }) {
      const text = await store.get(id);
      if (text === undefined) return fail(`No kept output has the id "${id}". Use the id exactly as the marker shows it.`);
      const lines = outputLines(text);
      if (offset >= lines.length) return fail(`Output ${id} has ${lines.length} lines (0–${lines.length - 1}); offset ${offset} is past its end.`);
      const budget = limits.maxBytes - FRAME_BYTES;
      let end = offset;
      let bytes = 0;
      while (end < lines.length && end - offset < Math.min(limit, maxLines)) {
        const size = utf8Length(lines[end]!.text) + 1;
        if (end > offset && bytes + size > budget) break;
        bytes += size;
        end++;
      }
      const header = `[Output ${id}, lines ${offset}–${end - 1} of ${lines.length}]`;
      const footer = end < lines.length ? `\n[${lines.length - end} more lines: read_tool_output({"id":"${id}","offset":${end}})]` : "";
      return ok(`${header}\n${joinLines(lines.slice(offset, end))}${footer}`);
    },
  });
}
