// What makes two turns of a conversation the same turn: role and text, a user turn's images (by their
// content-addressed keys: the same bytes uploaded again are the same image, another image is another turn;
// with the detail asked for), the author's name, and the tool call ids and results where there are any;
// never the ids and times a client rebuilds when it sends its history again. A conversation's fingerprint
// is a chain: each turn's hash covers every turn before it, so one hash names a whole prefix (the
// OpenAI-compatible wires find a conversation by it; a repeated stateless request by it too).
import type { ImageRef, Message } from "../../agent";
import { sha256Hex } from "../../lib/sha256-hex";

/** A turn as compared: whitespace is left out, so a front end's reformatting of a reply does not make it another turn. */
function turnKey(m: Message): unknown[] {
  const text = m.content.replace(/\s+/g, "");
  // Without a name, images or a detail a turn keeps the key it always had, so conversations indexed before stay found.
  const named = (key: unknown[], name: string | undefined) => (name ? [...key, { name }] : key);
  if (m.role === "assistant") return named(["assistant", text, (m.toolCalls ?? []).map((c) => [c.id, c.name, c.args])], m.name);
  if (m.role === "tool") return ["tool", text, m.toolCallId];
  if (m.role === "user") return named(m.images?.length ? ["user", text, m.images.map(imageIdentity)] : ["user", text], m.name);
  return [m.role, text];
}

/** An image as a turn or a request is told apart by: its key, with the detail asked for when there is one. */
export const imageIdentity = (i: ImageRef): unknown => (i.detail ? [i.key, i.detail] : i.key);

/** The chain of hashes over `turns`, one per turn: entry i names the conversation through turn i. */
export async function turnChain(turns: readonly Message[], after = ""): Promise<string[]> {
  const chain: string[] = [];
  let previous = after;
  for (const t of turns) {
    previous = await sha256Hex(JSON.stringify([previous, turnKey(t)]));
    chain.push(previous);
  }
  return chain;
}
