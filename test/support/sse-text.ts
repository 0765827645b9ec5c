// Server-Sent Events text → events, for tests in Node and in workerd alike.
export interface SseEvent {
  /** A stored event's trace seq. */
  id?: number;
  /** A live delta's id instead: its resume mark, `<seq>.<chars>`. */
  mark?: string;
  event: string;
  data: Record<string, unknown>;
}

/** One event block (the lines between blank lines). */
export function parseSseBlock(block: string): SseEvent {
  const e: SseEvent = { event: "message", data: {} };
  for (const line of block.split("\n")) {
    if (line.startsWith("id: ")) {
      const id = line.slice(4);
      if (id.includes(".")) e.mark = id;
      else e.id = Number(id);
    } else if (line.startsWith("event: ")) e.event = line.slice(7);
    // An empty data line is an MCP priming event: an id to resume from, no message.
    else if (line.startsWith("data: ")) e.data = line.length > 6 ? JSON.parse(line.slice(6)) : {};
  }
  return e;
}

/** A whole SSE body. */
export function parseSse(text: string): SseEvent[] {
  return text
    .split("\n\n")
    .filter((block) => block.trim())
    .map(parseSseBlock);
}
