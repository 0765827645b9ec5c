// Hono's typing of our app: the Worker's bindings and what middleware puts on the context.
import type { Config } from "../config";
import type { Env } from "../env";

export interface AppEnv {
  Bindings: Env;
  Variables: { config: Config };
}
