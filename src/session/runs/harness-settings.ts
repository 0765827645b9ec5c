// The harness's settings (docs/harness.md): context window and compaction, tool output limits, the todo
// list, subagents and the paradigms.
import * as z from "zod";
import { bool, fraction, int, notAbove } from "../../lib/setting-types";

export const HarnessSettings = z
  .object({
    MODEL_CONTEXT_WINDOW: int(128_000, 1024),
    /** The todo reminder fires after this many model replies in a row without todo_write. */
    TODO_REMINDER_TURNS: int(3, 1, 100),
    TODO_MAX_ITEMS: int(50, 1, 500),
    /** Model calls one subagent (task) may make. */
    SUBAGENT_MAX_STEPS: int(10, 1, 100),
    /** Subagents running at once in one run; further tasks wait. */
    SUBAGENT_MAX_CONCURRENT: int(3, 1, 16),
    SUBAGENT_TIMEOUT_MS: int(300_000, 1000),
    /** A tool output over either limit is cut (the whole output stays readable with read_tool_output). */
    TOOL_OUTPUT_MAX_LINES: int(500, 10),
    TOOL_OUTPUT_MAX_BYTES: int(24_576, 8192),
    TOOL_OUTPUT_TRUNCATION: z.enum(["head", "tail", "head_tail"]).default("head_tail"),
    /** Micro-compaction: tool results older than the last N and longer than MIN_CHARS shrink to KEEP_CHARS in context. */
    MICRO_COMPACTION_KEEP_RESULTS: int(8, 0, 1000),
    MICRO_COMPACTION_MIN_CHARS: int(4000, 200),
    MICRO_COMPACTION_KEEP_CHARS: int(500, 0),
    /** Auto-compaction when a request would fill more than this fraction of MODEL_CONTEXT_WINDOW. */
    COMPACTION_THRESHOLD: fraction(0.8, 0.1, 0.95),
    /** false: no automatic compaction; POST /v1/sessions/:id/compact and /compact in the chats still compact on request. */
    AUTO_COMPACTION: bool(true),
    /** Rounds (a user turn, or a model reply with its tool results) compaction keeps whole. */
    COMPACTION_KEEP_ROUNDS: int(4, 1, 100),
    COMPACTION_SUMMARY_MAX_TOKENS: int(2000, 100, 32_000),
    /** react gets think/finish tools. */
    REACT_THINK_FINISH: bool(false),
    REFLECTION_MAX_ROUNDS: int(2, 1, 10),
    PLAN_MAX_STEPS: int(8, 1, 50),
  })
  .superRefine((s, ctx) => {
    // A plan-solve run's plan becomes its todo list, which holds at most TODO_MAX_ITEMS: a longer plan was
    // saved anyway, and the model's next todo_write on it was refused.
    notAbove(s, ctx, "PLAN_MAX_STEPS", "TODO_MAX_ITEMS");
    // A result kept at KEEP_CHARS or more was never shortened by micro-compaction, only marked.
    notAbove(s, ctx, "MICRO_COMPACTION_KEEP_CHARS", "MICRO_COMPACTION_MIN_CHARS", true);
  });

export type HarnessSettings = z.output<typeof HarnessSettings>;
