// MCP results turned into the harness's tool result: the model reads text, so text parts are
// joined, binary parts are described (never pasted as base64), embedded text resources are
// included, resource links are listed, and structured content is appended as JSON unless a text
// part already carries exactly that JSON (servers send it twice for older clients).
import type {
  BlobResourceContents,
  CallToolResult,
  ContentBlock,
  GetPromptResult,
  ReadResourceResult,
  TextResourceContents,
} from "@modelcontextprotocol/sdk/types.js";
import type { ToolResult } from "../agent";

/** Bytes encoded by a base64 string, without decoding it. */
function base64Bytes(data: string): number {
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MiB`;
}

function describeResourceContents(contents: TextResourceContents | BlobResourceContents): string {
  const mime = contents.mimeType ?? "unknown type";
  if ("text" in contents && typeof contents.text === "string") {
    return `[resource ${contents.uri} (${mime})]\n${contents.text}`;
  }
  const blob = "blob" in contents && typeof contents.blob === "string" ? contents.blob : "";
  return `[resource ${contents.uri}: ${mime}, ${formatBytes(base64Bytes(blob))}, binary content not shown]`;
}

function describeContent(block: ContentBlock): string {
  switch (block.type) {
    case "text":
      return block.text;
    case "image":
    case "audio":
      return `[${block.type}: ${block.mimeType}, ${formatBytes(base64Bytes(block.data))}]`;
    case "resource":
      return describeResourceContents(block.resource);
    case "resource_link": {
      const details = [block.mimeType, block.description].filter(Boolean).join(", ");
      return `[resource link: ${block.name} <${block.uri}>${details ? ` (${details})` : ""}]`;
    }
    default:
      return `[${(block as { type: string }).type} content]`;
  }
}

function sameJson(text: string, value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
}

export function mapCallToolResult(result: CallToolResult, origin: { server: string; tool: string }): ToolResult {
  const parts = result.content.map(describeContent);
  const structured = result.structuredContent;
  if (structured !== undefined && !result.content.some((b) => b.type === "text" && sameJson(b.text, structured))) {
    parts.push(`Structured content:\n${JSON.stringify(structured, null, 2)}`);
  }
  const content = parts.join("\n\n") || "(no content)";
  return {
    status: result.isError ? "error" : "success",
    content,
    data: { server: origin.server, tool: origin.tool, ...(structured !== undefined && { structuredContent: structured }) },
  };
}

export function mapReadResourceResult(result: ReadResourceResult, origin: { server: string; uri: string }): ToolResult {
  const content = result.contents.map(describeResourceContents).join("\n\n") || "(empty resource)";
  return { status: "success", content, data: { server: origin.server, uri: origin.uri } };
}

/** A prompt's messages as instructions: the user's turns as they are, the assistant's marked as such. */
export function mapGetPromptResult(result: GetPromptResult): string {
  const parts = result.messages.map((m) => (m.role === "assistant" ? `Assistant: ${describeContent(m.content)}` : describeContent(m.content)));
  return parts.join("\n\n") || "(empty prompt)";
}
