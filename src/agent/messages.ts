// The domain's message type. The OpenAI wire format appears only in toWire/fromWire below,
// at the model boundary (and once more on the OpenAI-compatible endpoint).
import type OpenAI from "openai";

export type ToolStatus = "success" | "partial" | "error";

export interface ToolCall {
  id: string;
  name: string;
  /** Raw JSON text as the model produced it; parsed and validated by the tool registry. */
  args: string;
}

interface Base {
  id: string;
  createdAt: string;
}

export interface UserMessage extends Base {
  role: "user";
  content: string;
}

export interface AssistantMessage extends Base {
  role: "assistant";
  content: string;
  toolCalls?: ToolCall[];
}

export interface ToolResultMessage extends Base {
  role: "tool";
  toolCallId: string;
  name: string;
  status: ToolStatus;
  content: string;
}

/** A compaction summary standing in for older rounds in what the model sees. */
export interface SummaryMessage extends Base {
  role: "summary";
  content: string;
}

export type Message = UserMessage | AssistantMessage | ToolResultMessage | SummaryMessage;
export type Role = Message["role"];

export type WireMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;

export function newId(prefix: string): string {
  return `${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;
}

export function now(): string {
  return new Date().toISOString();
}

export function userMessage(content: string): UserMessage {
  return { role: "user", id: newId("msg"), createdAt: now(), content };
}

/** Domain messages → Chat Completions messages, with the system prompt first. */
export function toWire(system: string, messages: readonly Message[]): WireMessage[] {
  const out: WireMessage[] = [];
  if (system) out.push({ role: "system", content: system });
  for (const m of messages) {
    switch (m.role) {
      case "user":
        out.push({ role: "user", content: m.content });
        break;
      case "assistant":
        out.push(
          m.toolCalls?.length
            ? {
                role: "assistant",
                content: m.content || null,
                tool_calls: m.toolCalls.map((c) => ({
                  id: c.id,
                  type: "function" as const,
                  function: { name: c.name, arguments: c.args },
                })),
              }
            : { role: "assistant", content: m.content },
        );
        break;
      case "tool":
        out.push({ role: "tool", tool_call_id: m.toolCallId, content: m.content });
        break;
      case "summary":
        // Providers accept no "summary" role; a user turn keeps the summary out of the system slot,
        // which stays byte-identical across turns for prompt caching.
        out.push({ role: "user", content: `[Summary of the earlier conversation]\n${m.content}` });
        break;
    }
  }
  return out;
}

/** A Chat Completions message from a client (the OpenAI-compatible endpoint) → domain messages. */
export function fromWire(wire: readonly WireMessage[]): { system: string; messages: Message[] } {
  const system: string[] = [];
  const messages: Message[] = [];
  const text = (c: unknown): string =>
    typeof c === "string" ? c : Array.isArray(c) ? c.map((p) => (p && typeof p === "object" && "text" in p ? String(p.text) : "")).join("") : "";
  for (const w of wire) {
    const base = { id: newId("msg"), createdAt: now() };
    if (w.role === "system" || w.role === "developer") system.push(text(w.content));
    else if (w.role === "user") messages.push({ ...base, role: "user", content: text(w.content) });
    else if (w.role === "assistant") {
      const calls = (w.tool_calls ?? []).flatMap((c) => (c.type === "function" ? [{ id: c.id, name: c.function.name, args: c.function.arguments }] : []));
      messages.push({ ...base, role: "assistant", content: text(w.content), ...(calls.length ? { toolCalls: calls } : {}) });
    } else if (w.role === "tool") {
      messages.push({ ...base, role: "tool", toolCallId: w.tool_call_id, name: "", status: "success", content: text(w.content) });
    }
  }
  return { system: system.join("\n\n"), messages };
}
