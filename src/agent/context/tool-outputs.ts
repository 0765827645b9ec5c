// Where whole tool outputs are kept when the model sees them cut (truncation, micro-compaction), so
// read_tool_output can give back any part. The session keeps them in its Durable Object; the core only
// sees this interface. An output's id is the id of the tool result message that showed it.
export interface ToolOutputStore {
  /** Keeps `content` under `id`. The first content kept for an id stays: it is the whole one. */
  put(id: string, content: string): void | Promise<void>;
  get(id: string): string | undefined | Promise<string | undefined>;
}
