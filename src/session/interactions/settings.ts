// Who may run which tool call, and how long a person's decision or answer is waited for (docs/security-and-reliability.md).
import * as z from "zod";
import { PermissionRulesSchema } from "../../lib/permissions";
import { int, json } from "../../lib/setting-types";
import { settingsLoader } from "../../lib/settings-loader";
import { checkPermissionRuleTargets } from "./permission-rule-targets";

export const InteractionSettings = z.object({
  /** Ordered permission rules: [{"tool": "<glob>", "when"?: {...}, "action": "allow"|"deny"|"ask"}]; each must be able to apply to some tool. */
  PERMISSIONS: json(PermissionRulesSchema.superRefine(checkPermissionRuleTargets), []),
  /** How an `ask` rule resolves in a run no person watches (cron courses): refused with a tool error, or allowed. */
  UNATTENDED_ASK: z.enum(["deny", "allow"]).default("deny"),
  /** An approval no one decides within this time counts as denied. */
  APPROVAL_TTL_MS: int(3_600_000, 1000),
  /** Characters of the `reason` a person gives with a decision (it goes to the trace and, for a denial, to the model). */
  APPROVAL_REASON_MAX_CHARS: int(1000, 1, 100_000),
  /** An MCP server's question (elicitation) no one answers within this time is cancelled; its tool call is held open that long at most. */
  INPUT_TTL_MS: int(600_000, 1000, 3_600_000),
  /** A run waiting for the results of a client's own tools (awaiting_client_tools) is abandoned (cancelled) when none come within this time. */
  CLIENT_TOOLS_TTL_MS: int(1_800_000, 1000, 86_400_000),
});

export const interactionSettings = settingsLoader(InteractionSettings);
