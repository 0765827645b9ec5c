// A setting that does not parse. Its message names the variable and the path inside a JSON value, and
// says what is wrong, but never quotes the value: settings hold secrets (API_KEYS, WEBHOOKS secrets,
// MCP_SERVERS headers), and the message reaches logs and a run's error.
import type * as z from "zod";
import { CodedError } from "./coded-error";

export class ConfigError extends CodedError<"config_invalid"> {
  constructor(readonly issues: readonly string[]) {
    super("config_invalid", `invalid configuration: ${issues.join("; ")}`);
  }
}

/** One line per issue: `API_KEYS.0.key: a key needs at least 16 characters`. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((i) => `${i.path.map(String).join(".")}: ${i.message}`);
}
