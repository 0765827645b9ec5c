// A built-in tool as the toolset (src/session/runs/toolset.ts) takes it from BUILTIN_TOOLS (registry.ts):
// its own settings, and a factory. Most tools depend only on settings and are built once per isolate
// (building a tool derives its JSON Schema); a tool that needs the run (its session, tenant or a model)
// is built per run.
import type { ModelClient, ModelPurpose, Tool, ToolSignature } from "../agent";
import type { Env } from "../env";
import type { SettingsSlice } from "../lib/settings-loader";
import type { Tenant } from "../lib/tenant";

/** What a per-run tool may use of its run. */
export interface ToolRunContext {
  env: Env;
  sessionId: string;
  /** The session's tenant: it owns what the run saves (src/lib/tenant.ts). */
  tenant: Tenant;
  /** The run's model for a purpose, traced like the loop's own calls. */
  model(purpose: ModelPurpose): ModelClient;
}

export type BuiltinTool = {
  /** Its name and arguments as `create` builds them: permission rules are checked against it at load time. */
  readonly signature: ToolSignature;
  /** Its settings, merged into the configuration (src/config.ts); it reads them with its own loader. */
  readonly settings?: SettingsSlice;
} & ({ readonly scope: "isolate"; create(env: Env): Tool } | { readonly scope: "run"; create(run: ToolRunContext): Tool });
