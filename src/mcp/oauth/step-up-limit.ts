// The retry limit of step-up authorization (MCP authorization spec, "Step-Up Authorization Flow": clients
// SHOULD limit retries and track scope upgrade attempts). A server that answers 403 insufficient_scope
// for a scope the user already granted (or one the authorization server never grants) would send the
// user to the authorization server after every authorization. Step-ups are counted per scope while the
// client holds tokens; past MCP_MAX_SCOPE_STEP_UPS for the same scope the client stops asking, and the
// server stays failed with this error until its authorization is forgotten (DELETE …/authorization) or
// a login (a 401, no tokens) starts the count again.
import type { McpOAuthRecord } from "./oauth-store";

export class ScopeStepUpLimitReached extends Error {
  constructor(
    readonly server: string,
    readonly scope: string,
    readonly limit: number,
  ) {
    super(
      `MCP server ${server} still refuses scope "${scope}" after ${limit} step-up authorization${limit === 1 ? "" : "s"} ` +
        `(MCP_MAX_SCOPE_STEP_UPS); not asking again. Disconnect it (DELETE /v1/mcp/servers/${server}/authorization) to start over.`,
    );
    this.name = "ScopeStepUpLimitReached";
  }
}

/** A step-up: the server took our token and wants more scope (the last challenge was a 403 insufficient_scope). */
export const isStepUp = (record: McpOAuthRecord): boolean => record.tokens !== undefined && record.challenge?.insufficientScope === true;

/** The step-ups record after one more for `scope`; throws once that would pass `limit`. */
export function countStepUp(record: McpOAuthRecord, server: string, scope: string, limit: number): NonNullable<McpOAuthRecord["stepUps"]> {
  const count = record.stepUps?.scope === scope ? record.stepUps.count + 1 : 1;
  if (count > limit) throw new ScopeStepUpLimitReached(server, scope, limit);
  return { scope, count };
}
