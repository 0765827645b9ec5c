// Hono's typing of our app: the Worker's bindings and what middleware puts on the context.
import type { Env } from "../env";
import type { Tenant } from "../lib/tenant";

export interface AppEnv {
  Bindings: Env;
  /** `tenant`: who a /v1 or /mcp request acts for; `principal`: who holds a /mcp request's credentials (both set by auth.ts). */
  Variables: { tenant: Tenant; principal: string };
}
