// The configuration's issues for an env (ConfigError's lines), or none when it loads.
import { ConfigError, loadConfig } from "../../src/config";

export function configIssues(env: Record<string, string | number>): readonly string[] {
  try {
    loadConfig(env);
    return [];
  } catch (e) {
    if (e instanceof ConfigError) return e.issues;
    throw e;
  }
}
