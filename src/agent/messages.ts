// The domain's message type. No provider's wire format appears here: providers/openai.ts converts.

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

/** The image types a model reads (checked by their magic bytes where they come in). */
export type ImageMediaType = "image/jpeg" | "image/png" | "image/webp" | "image/gif";

/** How closely the model looks at an image (OpenAI's image `detail`, the same four values on both of its wires). */
export const IMAGE_DETAILS = ["low", "high", "auto", "original"] as const;
export type ImageDetail = (typeof IMAGE_DETAILS)[number];

/**
 * An image the user attached. The history keeps this reference, never the bytes: they live in a store
 * the caller brings (R2 in the Worker) and reach the model through ModelRequest.images for one call.
 */
export interface ImageRef {
  key: string;
  mediaType: ImageMediaType;
  bytes: number;
  /** The detail the user asked the model to read it at (a handwriting photo at `high`); absent: the model's choice. */
  detail?: ImageDetail;
}

export interface UserMessage extends Base {
  role: "user";
  content: string;
  images?: ImageRef[];
  /** Who of several users says this (a Chat Completions message's `name`), for the model to tell them apart. */
  name?: string;
}

export interface AssistantMessage extends Base {
  role: "assistant";
  content: string;
  toolCalls?: ToolCall[];
  /** Which of several assistants said this (a Chat Completions message's `name`). */
  name?: string;
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
  /** The images of the turns it stands for (the most recent of them), still shown to the model with it. */
  images?: ImageRef[];
}

export type Message = UserMessage | AssistantMessage | ToolResultMessage | SummaryMessage;
export type Role = Message["role"];

/** Marks a result's status where the model reads it: an error or partial result starts with `Error:` / `Partial:`. */
const STATUS_MARKERS: Record<ToolStatus, string> = { success: "", partial: "Partial: ", error: "Error: " };

/** A tool result as the model reads it (every provider sends this, never the bare content). */
export function toolResultText(m: Pick<ToolResultMessage, "status" | "content">): string {
  const marker = STATUS_MARKERS[m.status];
  return !marker || m.content.startsWith(marker) ? m.content : `${marker}${m.content}`;
}

/** A turn's text with its author's name before it ("alice: …"), for a model whose wire has no name field. */
export const namedText = (name: string | undefined, text: string): string => (name ? `${name}: ${text}` : text);

/** Random bytes drawn ahead for ids, ID_BYTES a time: one call to the CSPRNG per 64 ids, not one per id. */
const ID_BYTES = 10;
const idPool = new Uint8Array(ID_BYTES * 64);
let idPoolAt = idPool.length;
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

/**
 * `<prefix>_` and 20 hex digits (80 random bits). A run makes one per message and trace event, and a
 * randomUUID call each cost workerd about 1 % of a run's CPU (BENCHMARKS.md, issue 29).
 */
export function newId(prefix: string): string {
  if (idPoolAt === idPool.length) {
    crypto.getRandomValues(idPool);
    idPoolAt = 0;
  }
  let hex = "";
  for (let i = idPoolAt; i < idPoolAt + ID_BYTES; i++) hex += HEX[idPool[i]!];
  idPoolAt += ID_BYTES;
  return `${prefix}_${hex}`;
}

export function now(): string {
  return new Date().toISOString();
}

export function userMessage(content: string): UserMessage {
  return { role: "user", id: newId("msg"), createdAt: now(), content };
}

/** The images of a conversation's user turns and compaction summary, each key once, in the order they were last attached. */
export function imagesOf(messages: readonly Message[]): ImageRef[] {
  const seen = new Map<string, ImageRef>();
  for (const m of messages) if (m.role === "user" || m.role === "summary") for (const i of m.images ?? []) latest(seen, i);
  return [...seen.values()];
}

/** The last `max` of `refs`, each key once at its last place: the most recent images. */
export function latestImages(refs: readonly ImageRef[], max = Infinity): ImageRef[] {
  const seen = new Map<string, ImageRef>();
  for (const i of refs) latest(seen, i);
  const all = [...seen.values()];
  return all.length > max ? all.slice(all.length - max) : all;
}

/** Puts `i` last in `seen` (a Map keeps its keys in the order they were first set). */
function latest(seen: Map<string, ImageRef>, i: ImageRef): void {
  seen.delete(i.key);
  seen.set(i.key, i);
}

/** Id prefix of a note the harness shows the model for one run but never stores (a todo reminder). */
const NOTE_PREFIX = "note";

/** A user turn the harness adds to what the model sees, not to the history. */
export function harnessNote(content: string): UserMessage {
  return { role: "user", id: newId(NOTE_PREFIX), createdAt: now(), content };
}

export const isHarnessNote = (m: Message): boolean => m.id.startsWith(`${NOTE_PREFIX}_`);
