// MCP_SERVERS, in the format users already have for Claude Desktop, Cursor and Cline:
// {"mcpServers": {"<name>": {"url", "transport"?, "headers"?, "enabled"?, "allowTools"?, "denyTools"?, "timeoutMs"?}}}.
// Parsed once at the start of a run into a typed McpConfig; a bad field fails loudly with its path.
import * as z from "zod";

export const DEFAULT_MCP_TIMEOUT_MS = 30_000;
const MAX_MCP_TIMEOUT_MS = 10 * 60_000;

export type McpTransportName = "streamable-http" | "sse";

export interface McpServerConfig {
  name: string;
  url: string;
  /** Absent: Streamable HTTP, falling back to legacy SSE when the endpoint refuses it. */
  transport?: McpTransportName;
  /** With `${SECRET}` references already resolved. */
  headers: Record<string, string>;
  /** Glob patterns (`*` matches anything) over the server's own tool names. */
  allowTools?: string[];
  denyTools?: string[];
  timeoutMs: number;
}

/** Something the run should be told about, that does not stop it (a `warning` event). */
export interface McpWarning {
  server: string;
  code: "mcp_stdio_unsupported" | "mcp_connect_failed" | "mcp_circuit_open" | "mcp_tools_refresh_failed";
  message: string;
}

export interface McpConfig {
  servers: McpServerConfig[];
  warnings: McpWarning[];
}

export interface McpConfigIssue {
  /** Dotted path of the bad field, e.g. `mcpServers.github.url`. */
  path: string;
  message: string;
}

export class McpConfigError extends Error {
  constructor(readonly issues: McpConfigIssue[]) {
    super(`Invalid MCP_SERVERS: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`);
    this.name = "McpConfigError";
  }
}

const SECRET_REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

const rootSchema = z.object({ mcpServers: z.record(z.string().min(1), z.unknown()) });

/** The schema of one remote server entry; header values resolve their `${SECRET}`s from `env`. */
function serverEntrySchema(env: Record<string, unknown>) {
  const headerValue = z.string().transform((value, ctx) =>
    value.replace(SECRET_REFERENCE, (reference, name: string) => {
      const secret = env[name];
      if (typeof secret === "string") return secret;
      ctx.addIssue({ code: "custom", message: `unknown secret reference ${reference} (no such string in the environment)` });
      return reference;
    }),
  );
  const toolPatterns = z.array(z.string().min(1));
  return z.object({
    url: z.url({ abort: true }).refine((u) => /^https?:\/\//i.test(u), "must be an http or https URL"),
    transport: z.enum(["streamable-http", "sse"]).optional(),
    headers: z.record(z.string(), headerValue).default({}),
    enabled: z.boolean().default(true),
    allowTools: toolPatterns.optional(),
    denyTools: toolPatterns.optional(),
    timeoutMs: z.number().int().positive().max(MAX_MCP_TIMEOUT_MS).default(DEFAULT_MCP_TIMEOUT_MS),
  });
}

function formatPath(path: PropertyKey[]): string {
  return path.length === 0 ? "MCP_SERVERS" : path.map(String).join(".");
}

function issuesOf(error: z.ZodError, prefix: PropertyKey[] = []): McpConfigIssue[] {
  return error.issues.map((i) => ({ path: formatPath([...prefix, ...i.path]), message: i.message }));
}

/**
 * Parses MCP_SERVERS (a JSON string or an already parsed object; empty means no servers).
 * Throws McpConfigError naming every bad field. Entries with `command` (stdio servers) cannot
 * run on Workers: they become warnings, not errors, so the rest of the config still works.
 */
export function parseMcpConfig(raw: unknown, env: Record<string, unknown> = {}): McpConfig {
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) {
    return { servers: [], warnings: [] };
  }
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch (e) {
      throw new McpConfigError([{ path: "MCP_SERVERS", message: `not valid JSON (${(e as Error).message})` }]);
    }
  }
  const root = rootSchema.safeParse(value);
  if (!root.success) throw new McpConfigError(issuesOf(root.error));

  const entrySchema = serverEntrySchema(env);
  const servers: McpServerConfig[] = [];
  const warnings: McpWarning[] = [];
  const issues: McpConfigIssue[] = [];
  for (const [name, entry] of Object.entries(root.data.mcpServers)) {
    if (typeof entry === "object" && entry !== null && "command" in entry) {
      warnings.push({
        server: name,
        code: "mcp_stdio_unsupported",
        message: `MCP server "${name}" is a stdio server (it has "command"); Workers cannot start processes, so it is skipped. Run it behind a Streamable HTTP or SSE endpoint and configure its "url" instead.`,
      });
      continue;
    }
    const parsed = entrySchema.safeParse(entry);
    if (!parsed.success) {
      issues.push(...issuesOf(parsed.error, ["mcpServers", name]));
      continue;
    }
    const { enabled, ...server } = parsed.data;
    if (enabled) servers.push({ name, ...server });
  }
  if (issues.length > 0) throw new McpConfigError(issues);
  return { servers, warnings };
}
