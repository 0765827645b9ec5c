// A run's settings: its limits, its system prompt, how requests repeat (docs/api.md#idempotency), and how it executes.
import * as z from "zod";
import { MAX_MODEL_TOOLS } from "../../agent";
import { SCHEMA_DEPTH_CEILING } from "../../lib/json-schema-validation";
import { int, optionalString } from "../../lib/setting-types";
import { settingsLoader } from "../../lib/settings-loader";

export const RunSettings = z.object({
  /** Model calls a run may make. */
  MAX_STEPS: int(25, 1, 1000),
  /** Characters of a user input. */
  MAX_INPUT_CHARS: int(100_000, 1),
  /**
   * Levels of objects and arrays in a client's JSON Schema (a response format, a client tool's parameters):
   * 20 levels of nested objects written as nullable anyOf take about 80; a deeper one is refused, not walked.
   */
  JSON_SCHEMA_MAX_DEPTH: int(128, 1, SCHEMA_DEPTH_CEILING),
  SYSTEM_PROMPT: optionalString,
  TOOL_TIMEOUT_MS: int(60_000, 100),
  MAX_PARALLEL_TOOLS: int(4, 1, 32),
  /** How long an Idempotency-Key is remembered (the same key then returns the same run). */
  IDEMPOTENCY_TTL_MS: int(86_400_000, 1000),
  /** Wall-clock limit of one execution of a run; past it the run fails with run_timeout. */
  RUN_TIMEOUT_MS: int(900_000, 1000),
  /** Model steps of a run one invocation of its Session object executes before the run continues in a fresh one (its alarm); 0: the whole run in one. */
  RUN_STEPS_PER_INVOCATION: int(0, 0, 1000),
  /**
   * Tools a run offers the model at once; past it, MCP tools are offered by name through tool_search (docs/harness.md "Tool search").
   * At most MAX_MODEL_TOOLS (128): a run with no more tools than this defers none, so every one of them must fit in a model request.
   */
  TOOLS_INLINE_MAX: int(40, 1, MAX_MODEL_TOOLS),
});

export const runSettings = settingsLoader(RunSettings);
