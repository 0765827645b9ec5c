// allowTools / denyTools of a server entry: glob patterns (src/lib/glob.ts: `*` matches any run of
// characters, `?` one) over the server's own tool names. A tool is offered when some allow pattern matches (or there
// is no allow list) and no deny pattern does.
import { matchesGlob } from "../lib/glob";
import type { McpServerConfig } from "./config";

export function toolFilter(server: Pick<McpServerConfig, "allowTools" | "denyTools">): (toolName: string) => boolean {
  const { allowTools: allow, denyTools: deny = [] } = server;
  return (name) => (allow === undefined || allow.some((glob) => matchesGlob(glob, name))) && !deny.some((glob) => matchesGlob(glob, name));
}
