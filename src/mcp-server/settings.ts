// The /mcp server's own setting, and every slice its MCP session object reads.
import * as z from "zod";
import { LearningSettings } from "../learning/settings";
import { int } from "../lib/setting-types";
import { settingsLoader } from "../lib/settings-loader";
import { InteractionSettings } from "../session/interactions/settings";
import { RunSettings } from "../session/runs/settings";

export const McpServerSettings = z.object({
  /** SSE events the /mcp server keeps per MCP session for clients resuming with Last-Event-ID. */
  MCP_SERVER_MAX_EVENTS: int(5000, 100, 1_000_000),
  /** Lifetime of an access token of /mcp's OAuth (seconds; KV's minimum, 60, at least; docs/mcp-server.md "Auth"). */
  MCP_OAUTH_ACCESS_TOKEN_SECONDS: int(3600, 60, 86_400),
  /** Lifetime of a refresh token of /mcp's OAuth (seconds): a grant unused this long must consent again. */
  MCP_OAUTH_REFRESH_TOKEN_SECONDS: int(30 * 86_400, 60),
});

/** What an MCP session reads: its own limit, the runs' and answers' limits, and how long a question waits. */
export const mcpSessionSettings = settingsLoader(McpServerSettings, RunSettings, InteractionSettings, LearningSettings);

export type McpSessionSettings = ReturnType<typeof mcpSessionSettings>;
