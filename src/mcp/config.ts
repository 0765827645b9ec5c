// MCP_SERVERS, in the format users already have for Claude Desktop, Cursor and Cline:
// {"mcpServers": {"<name>": {"url", "transport"?, "headers"?, "enabled"?, "allowTools"?, "denyTools"?, "timeoutMs"?,
// "auth"?, "shared"?}}}, with Claude Code's and VS Code's `type` and Cline's `disabled` read as they mean there.
// Checked with every setting before anything is served (src/mcp/settings.ts), and parsed at the start of a run
// into a typed McpConfig; a bad field is refused loudly with its path.
import * as z from "zod";
import { CodedError } from "../lib/coded-error";
import { readJsonSetting } from "../lib/json-syntax-error";

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
  /** OAuth settings; absent: OAuth is still discovered on the first 401 (dynamic registration). */
  auth?: McpAuthConfig;
  /** One OAuth connection for the whole deployment (only the operator, API_TOKEN, may change it); absent: one per tenant. */
  shared?: boolean;
}

/** How the client obtains tokens for a server (docs/mcp.md "OAuth"); secrets already resolved. */
export interface McpAuthConfig {
  /** A pre-registered client (no dynamic registration); an https URL is a client ID metadata document (CIMD). */
  clientId?: string;
  clientSecret?: string;
  scopes?: string[];
  /** authorization_code (a user authorizes in a browser), client_credentials (machine to machine), or
   * cross_app_access (an enterprise IdP's ID token exchanged for an ID-JAG, then a JWT bearer grant). */
  grant: "authorization_code" | "client_credentials" | "cross_app_access";
  tokenEndpointAuthMethod?: "client_secret_basic" | "client_secret_post" | "none" | "private_key_jwt";
  /** For private_key_jwt client authentication: a PKCS#8 PEM key and its JWS algorithm. */
  privateKeyJwt?: { privateKey: string; algorithm: string };
  /** For cross_app_access: the IdP (its token endpoint, or its issuer to discover it), this client's id there, the user's ID token. */
  idpIssuer?: string;
  idpTokenEndpoint?: string;
  idpClientId?: string;
  idpIdToken?: string;
}

/** Something the run should be told about, that does not stop it (a `warning` event). */
export interface McpWarning {
  server: string;
  code:
    | "mcp_stdio_unsupported"
    | "mcp_connect_failed"
    | "mcp_circuit_open"
    | "mcp_tools_refresh_failed"
    | "mcp_authorization_required"
    | "mcp_operator_authorization_required"
    | "mcp_tool_pattern_unmatched";
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

/** MCP_SERVERS is invalid: the configuration check refuses it with every setting (src/mcp/settings.ts), by these issues. */
export class McpConfigError extends CodedError<"config_invalid"> {
  constructor(readonly issues: McpConfigIssue[]) {
    super("config_invalid", `Invalid MCP_SERVERS: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`);
  }
}

const SECRET_REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

// Strict throughout: a misspelt field (`allowedTools`, Cline's `disabled`) is refused by its path, never dropped.
const rootSchema = z.strictObject({ mcpServers: z.record(z.string().min(1), z.unknown()) });

/** The schema of one remote server entry; header values and auth secrets resolve their `${SECRET}`s from `env`. */
function serverEntrySchema(env: Record<string, unknown>) {
  const resolvedString = z.string().transform((value, ctx) =>
    value.replace(SECRET_REFERENCE, (reference, name: string) => {
      const secret = env[name];
      if (typeof secret === "string") return secret;
      ctx.addIssue({ code: "custom", message: `unknown secret reference ${reference} (no such string in the environment)` });
      return reference;
    }),
  );
  const toolPatterns = z.array(z.string().min(1));
  const auth = z
    .strictObject({
      clientId: resolvedString.optional(),
      clientSecret: resolvedString.optional(),
      scopes: z.array(z.string().min(1)).optional(),
      grant: z.enum(["authorization_code", "client_credentials", "cross_app_access"]).default("authorization_code"),
      tokenEndpointAuthMethod: z.enum(["client_secret_basic", "client_secret_post", "none", "private_key_jwt"]).optional(),
      privateKeyJwt: z.strictObject({ privateKey: resolvedString, algorithm: z.string().min(1).default("RS256") }).optional(),
      idpIssuer: z.url().optional(),
      idpTokenEndpoint: z.url().optional(),
      idpClientId: resolvedString.optional(),
      idpIdToken: resolvedString.optional(),
    })
    .refine((a) => a.grant === "authorization_code" || a.clientId !== undefined, { message: "a client_credentials or cross_app_access grant needs clientId" })
    .refine((a) => a.grant !== "cross_app_access" || ((a.idpTokenEndpoint || a.idpIssuer) && a.idpClientId && a.idpIdToken), {
      message: "a cross_app_access grant needs idpTokenEndpoint (or idpIssuer), idpClientId and idpIdToken",
    });
  return z.strictObject({
    url: z.url({ abort: true }).refine((u) => /^https?:\/\//i.test(u), "must be an http or https URL"),
    transport: z.enum(["streamable-http", "sse"]).optional(),
    /** Claude Code's and VS Code's spelling of `transport` in their config files ("http" is Streamable HTTP). */
    type: z
      .enum(["http", "streamable-http", "sse"])
      .transform((t) => (t === "http" ? "streamable-http" : t))
      .optional(),
    headers: z.record(z.string(), resolvedString).default({}),
    enabled: z.boolean().optional(),
    /** Cline's spelling of `enabled: false`. */
    disabled: z.boolean().optional(),
    allowTools: toolPatterns.optional(),
    denyTools: toolPatterns.optional(),
    timeoutMs: z.number().int().positive().max(MAX_MCP_TIMEOUT_MS).default(DEFAULT_MCP_TIMEOUT_MS),
    auth: auth.optional(),
    shared: z.boolean().optional(),
    /** The earlier spelling: `perTenant: false` asked for a shared connection; per tenant is the default now. */
    perTenant: z.boolean().optional(),
  });
}

/** Two spellings of one setting (other clients' config files', or an earlier one) that say opposite things. */
function contradictionIn(entry: {
  transport?: string;
  type?: string;
  enabled?: boolean;
  disabled?: boolean;
  shared?: boolean;
  perTenant?: boolean;
}): { field: string; message: string } | undefined {
  const { transport, type, enabled, disabled, shared, perTenant } = entry;
  if (shared !== undefined && perTenant !== undefined && shared === perTenant)
    return { field: "perTenant", message: `contradicts "shared": ${shared}; give only "shared"` };
  if (enabled !== undefined && disabled !== undefined && enabled === disabled)
    return { field: "disabled", message: `contradicts "enabled": ${enabled}; give only one` };
  if (transport && type && transport !== type) return { field: "type", message: `contradicts "transport": "${transport}"; give only one` };
  return undefined;
}

/**
 * allowTools/denyTools patterns written as the model and PERMISSIONS name the tools (`mcp__gh__get_*` for server
 * gh): they would match none of the server's own names, leaving it no tools or denying none, so they are refused.
 */
function modelFacingPatterns(name: string, server: { allowTools?: string[]; denyTools?: string[] }): McpConfigIssue[] {
  const prefix = `mcp__${name}__`;
  return (["allowTools", "denyTools"] as const).flatMap((field) =>
    (server[field] ?? []).flatMap((pattern, i) =>
      pattern.startsWith(prefix)
        ? [
            {
              path: `mcpServers.${name}.${field}.${i}`,
              message: `starts with ${prefix}: patterns are over the server's own tool names, as it lists them (get_* rather than ${prefix}get_*)`,
            },
          ]
        : [],
    ),
  );
}

function formatPath(path: PropertyKey[]): string {
  return path.length === 0 ? "MCP_SERVERS" : path.map(String).join(".");
}

function issuesOf(error: z.ZodError, prefix: PropertyKey[] = []): McpConfigIssue[] {
  return error.issues.map((i) => ({ path: formatPath([...prefix, ...i.path]), message: i.message }));
}

/**
 * Parses MCP_SERVERS (a JSON string or an already parsed object; empty means no servers).
 * Throws McpConfigError naming every bad field, and a key an object gives twice. Entries with `command`
 * (stdio servers) cannot run on Workers: they become warnings, not errors, so the rest of the config still works.
 */
export function parseMcpConfig(raw: unknown, env: Record<string, unknown> = {}): McpConfig {
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) {
    return { servers: [], warnings: [] };
  }
  const read = typeof raw === "string" ? readJsonSetting(raw) : { value: raw };
  if ("fault" in read) throw new McpConfigError([{ path: formatPath(read.fault.path), message: read.fault.message }]);
  const root = rootSchema.safeParse(read.value);
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
    const { enabled, disabled, type, perTenant, shared, ...server } = parsed.data;
    const contradiction = contradictionIn(parsed.data);
    if (contradiction) {
      issues.push({ path: `mcpServers.${name}.${contradiction.field}`, message: contradiction.message });
      continue;
    }
    const modelFacing = modelFacingPatterns(name, server);
    if (modelFacing.length) {
      issues.push(...modelFacing);
      continue;
    }
    const transport = server.transport ?? type;
    if (enabled ?? !disabled) servers.push({ name, ...server, ...(transport && { transport }), ...((shared ?? perTenant === false) && { shared: true }) });
  }
  if (issues.length > 0) throw new McpConfigError(issues);
  return { servers, warnings };
}
