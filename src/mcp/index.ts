// The MCP client layer's public surface, for the session's run setup.
export { McpConfigError, parseMcpConfig, DEFAULT_MCP_TIMEOUT_MS } from "./config";
export type { McpConfig, McpConfigIssue, McpServerConfig, McpTransportName, McpWarning } from "./config";
export { InMemoryToolListCache } from "./discovery-cache";
export type { ResourceSummary, ServerDiscovery, ToolListCache } from "./discovery-cache";
export { mcpInstructionsSection } from "./instructions";
export type { ServerInstructions } from "./instructions";
export { MCP_DEFAULTS, McpManager } from "./manager";
export type { McpConnectResult, McpInputRequest, McpManagerOptions, McpRunHooks, McpServerStatus, McpToolsChange } from "./manager";
export { beginAuthorization, completeAuthorization, forgetAuthorization, OAuthCallbackError } from "./oauth/authorization";
export { clientMetadataDocument, McpAuthorizationRequired, OAUTH_FLOW_TTL_MS, SHARED_CONNECTION, type McpOAuthContext } from "./oauth/oauth-provider";
export type { McpOAuthStore } from "./oauth/oauth-store";
