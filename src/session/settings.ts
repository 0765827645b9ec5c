// A session's own settings, and every slice the Session Durable Object reads: its runs, their harness,
// models and tools, the MCP servers they connect, the interactions and the trace.
import * as z from "zod";
import { int } from "../lib/setting-types";
import { settingsLoader, type SettingsOf } from "../lib/settings-loader";
import { McpSettings } from "../mcp/settings";
import { MODEL_SLICES, ModelSettings } from "../models/settings";
import { TOOL_SLICES } from "../tools";
import { InteractionSettings } from "./interactions/settings";
import { HarnessSettings } from "./runs/harness-settings";
import { RunSettings } from "./runs/settings";
import { TraceSettings } from "./trace/settings";

export const SessionSettings = z.object({
  /** How long DELETE of a session waits for its running run to stop before wiping it anyway. */
  DELETE_WAIT_MS: int(10_000, 0),
  /** A session's metadata: levels of nesting and bytes as JSON. */
  METADATA_MAX_DEPTH: int(8, 1, 64),
  METADATA_MAX_BYTES: int(16_384, 2),
  /** Most messages one page of `GET /v1/sessions/:id?limit=` holds. */
  SESSION_PAGE_MAX_MESSAGES: int(1000, 1, 100_000),
  /** Most trace events one page of `GET /v1/sessions/:id/events?limit=` holds: a page is one answer of the object, and an event may carry a tool output's preview. */
  TRACE_PAGE_MAX_EVENTS: int(1000, 1, 10_000),
});

export const sessionSettings = settingsLoader(SessionSettings);

const SESSION_OBJECT_SLICES = [SessionSettings, RunSettings, HarnessSettings, InteractionSettings, TraceSettings, McpSettings, ModelSettings] as const;

/** Every slice the Session object reads, the models' and tools' included. */
export const SESSION_SLICES = [...new Set([...SESSION_OBJECT_SLICES, ...MODEL_SLICES, ...TOOL_SLICES])];

/** What the Session object reads, typed by its own slices (models and tools read theirs with their own loaders). */
export type SessionConfig = SettingsOf<typeof SESSION_OBJECT_SLICES>;

/** The Session object's settings, parsed once per env object: a bad one fails the run with config_invalid. */
export const sessionObjectSettings: (env: object) => SessionConfig = settingsLoader(...SESSION_OBJECT_SLICES);
