// allowTools / denyTools of a server entry: glob patterns (`*` matches any run of characters)
// over the server's own tool names. A tool is offered when some allow pattern matches (or there
// is no allow list) and no deny pattern does.
import type { McpServerConfig } from "./config";

function globToRegExp(pattern: string): RegExp {
  const escaped = pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${escaped.join(".*")}$`);
}

export function toolFilter(server: Pick<McpServerConfig, "allowTools" | "denyTools">): (toolName: string) => boolean {
  const allow = server.allowTools?.map(globToRegExp);
  const deny = (server.denyTools ?? []).map(globToRegExp);
  return (name) => (allow === undefined || allow.some((re) => re.test(name))) && !deny.some((re) => re.test(name));
}
