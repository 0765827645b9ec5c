// allowTools / denyTools of a server entry: glob patterns (src/lib/glob.ts: `*` matches any run of
// characters, `?` one) over the server's own tool names. A tool is offered when some allow pattern matches (or there
// is no allow list) and no deny pattern does.
import { matchesGlob } from "../lib/glob";
import type { McpServerConfig } from "./config";

export function toolFilter(server: Pick<McpServerConfig, "allowTools" | "denyTools">): (toolName: string) => boolean {
  const { allowTools: allow, denyTools: deny = [] } = server;
  return (name) => (allow === undefined || allow.some((glob) => matchesGlob(glob, name))) && !deny.some((glob) => matchesGlob(glob, name));
}

/** The allowTools/denyTools patterns that match none of `names` (the server's tools, prompts and read_resource), as field and index. */
export function unmatchedPatterns(
  server: Pick<McpServerConfig, "allowTools" | "denyTools">,
  names: readonly string[],
): { field: "allowTools" | "denyTools"; index: number; pattern: string }[] {
  return (["allowTools", "denyTools"] as const).flatMap((field) =>
    (server[field] ?? []).flatMap((pattern, index) => (names.some((n) => matchesGlob(pattern, n)) ? [] : [{ field, index, pattern }])),
  );
}
