// Configuration: every var and secret parsed once with zod into a typed object passed down.
// Nothing below this file reads `env` for settings. Every limit has a name, a default and a doc line
// in README.md.
import * as z from "zod";
import { ApiKeysSchema } from "./http/api-keys";
import { PermissionRulesSchema } from "./lib/permissions";
import { WebhookHooksSchema } from "./session/trace/webhooks";

const int = (def: number, min = 1, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(min).max(max).default(def);
const bool = (def: boolean) =>
  z
    .enum(["true", "false", "1", "0", ""])
    .default(def ? "true" : "false")
    .transform((v) => v === "true" || v === "1");
const fraction = (def: number, min: number, max: number) => z.coerce.number().min(min).max(max).default(def);
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));
/** A JSON document in a string var (empty: `def`), then validated by `schema`; issues keep their paths. */
const json = <S extends z.ZodType>(schema: S, def: z.input<S>) =>
  z
    .string()
    .optional()
    .transform((text, ctx): unknown => {
      if (!text?.trim()) return def;
      try {
        return JSON.parse(text);
      } catch (e) {
        ctx.addIssue({ code: "custom", message: `not valid JSON (${(e as Error).message})` });
        return z.NEVER;
      }
    })
    .pipe(schema);

export const ConfigSchema = z.object({
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString.pipe(z.url().optional()),
  MODEL: z.string().min(1).default("gpt-4o-mini"),
  // ---- models per purpose (docs/openai-compatible.md#models-per-purpose): writing stays on MODEL
  /** A smaller model for summaries, grading, the blind answer check and subagents; each purpose may override it. */
  MODEL_FAST: optionalString,
  MODEL_SUMMARY: optionalString,
  MODEL_GRADER: optionalString,
  MODEL_SUBAGENT: optionalString,
  /** The outbound wire: Chat Completions, or the Responses API (reasoning items carried between steps). */
  MODEL_API: z.enum(["chat", "responses"]).default("chat"),
  API_TOKEN: optionalString,
  /** With no API_TOKEN (or API_KEYS), /v1 answers loopback hosts only unless this is true (open mode). */
  ALLOW_ANONYMOUS: bool(false),
  /** Tenants' bearer keys: [{"name", "key"|"sha256", "tenant"}] (src/http/api-keys.ts). */
  API_KEYS: json(ApiKeysSchema, []),
  /** Model calls a run may make. */
  MAX_STEPS: int(25, 1, 1000),
  MODEL_CONTEXT_WINDOW: int(128_000, 1024),
  MODEL_TIMEOUT_MS: int(120_000, 100),
  MODEL_MAX_RETRIES: int(3, 0, 10),
  TOOL_TIMEOUT_MS: int(60_000, 100),
  MAX_PARALLEL_TOOLS: int(4, 1, 32),
  /** Request body limit for every route. */
  MAX_BODY_BYTES: int(1_048_576, 1024),
  /** Characters of a user input. */
  MAX_INPUT_CHARS: int(100_000, 1),
  /** A session's metadata: levels of nesting and bytes as JSON. */
  METADATA_MAX_DEPTH: int(8, 1, 64),
  METADATA_MAX_BYTES: int(16_384, 2),
  /** Most messages one page of `GET /v1/sessions/:id?limit=` holds. */
  SESSION_PAGE_MAX_MESSAGES: int(1000, 1, 100_000),
  ALLOW_PRIVATE_FETCH: bool(false),
  /** How an `ask` rule resolves in a run no person watches (cron courses): refused with a tool error, or allowed. */
  UNATTENDED_ASK: z.enum(["deny", "allow"]).default("deny"),
  SEARCH_PROVIDER: z.enum(["duckduckgo", "searxng", "tavily", "brave"]).default("duckduckgo"),
  SEARCH_BASE_URL: optionalString.pipe(z.url().optional()),
  SEARCH_API_KEY: optionalString,
  SEARCH_TIMEOUT_MS: int(10_000, 100),
  /** Bytes of a fetched page read at most (the rest is never downloaded). */
  FETCH_MAX_BYTES: int(2 * 1024 * 1024, 1024),
  FETCH_TIMEOUT_MS: int(15_000, 100),
  /** Characters of a page's text handed to the model. */
  FETCH_MAX_CHARS: int(20_000, 100),
  SYSTEM_PROMPT: optionalString,
  /** Remote MCP servers, Claude Desktop format (docs/mcp.md); parsed by src/mcp/config.ts. */
  MCP_SERVERS: optionalString,
  /** The Worker's public origin, for OAuth redirect URIs (docs/mcp.md); default: the request's origin. */
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  /** A secret that seals MCP OAuth tokens and clients at rest (AES-GCM); unset: they are stored as they are. */
  MCP_TOKEN_KEY: optionalString,
  /** SSE events the /mcp server keeps per MCP session for clients resuming with Last-Event-ID. */
  MCP_SERVER_MAX_EVENTS: int(5000, 100, 1_000_000),
  // ---- harness depth (docs/harness.md)
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
  /** Largest document save_document stores. */
  LESSON_MAX_BYTES: int(1_048_576, 1024),
  /** Failing lesson saves in a run after which the model is told to stop repairing. */
  LESSON_MAX_REPAIRS: int(2, 0, 10),
  /** Before a lesson is final, a reader without the key solves its multiple choice and fill-in exercises (one model call per chapter). */
  LESSON_ANSWER_CHECK: bool(true),
  /** Target length of a chapter's teaching part in words; the skills tell the model (as $LESSON_CHAPTER_WORDS). */
  LESSON_CHAPTER_WORDS: int(1200, 200, 10_000),
  /** Telegram bot (docs/telegram.md): the webhook route answers 404 until token and secret are both set. */
  TELEGRAM_BOT_TOKEN: optionalString,
  TELEGRAM_WEBHOOK_SECRET: optionalString,
  TELEGRAM_API_BASE: z.url().default("https://api.telegram.org"),
  /** Slack app (docs/slack.md): the events route answers 404 until the signing secret is set. */
  SLACK_SIGNING_SECRET: optionalString,
  SLACK_BOT_TOKEN: optionalString,
  SLACK_API_BASE: z.url().default("https://slack.com/api"),
  // ---- trust (docs/security-and-reliability.md)
  /** Ordered permission rules: [{"tool": "<glob>", "when"?: {...}, "action": "allow"|"deny"|"ask"}]. */
  PERMISSIONS: json(PermissionRulesSchema, []),
  /** An approval no one decides within this time counts as denied. */
  APPROVAL_TTL_MS: int(3_600_000, 1000),
  /** An MCP server's question (elicitation) no one answers within this time is cancelled; its tool call is held open that long at most. */
  INPUT_TTL_MS: int(600_000, 1000, 3_600_000),
  /** Webhooks: [{"url", "events": ["run.completed", "approval.*", …], "secret"}], delivered through a durable outbox. */
  WEBHOOKS: json(WebhookHooksSchema, []),
  /** One delivery attempt's deadline. */
  WEBHOOK_TIMEOUT_MS: int(5_000, 100, 30_000),
  /** Wait before the first retry; doubles each time, at most WEBHOOK_MAX_RETRY_DELAY_MS. */
  WEBHOOK_RETRY_BASE_MS: int(1_000, 10, 3_600_000),
  WEBHOOK_MAX_RETRY_DELAY_MS: int(3_600_000, 10, 86_400_000),
  /** A delivery is retried this long after its event, then given up. */
  WEBHOOK_RETRY_FOR_MS: int(86_400_000, 0, 7 * 86_400_000),
  /** Deprecated names of WEBHOOKS and WEBHOOK_TIMEOUT_MS, still read (with a warning) when the new ones are unset. */
  HOOKS: json(WebhookHooksSchema, []),
  HOOK_TIMEOUT_MS: int(5_000, 100, 30_000),
  /** How long an Idempotency-Key is remembered (the same key then returns the same run). */
  IDEMPOTENCY_TTL_MS: int(86_400_000, 1000),
  /** CourseRegistry objects the courses are spread over by a hash of their id; fixed once courses exist (docs/courses.md#shards). */
  COURSE_SHARDS: int(16, 1, 1024),
  /** A client's automatic retry is recognized within this time of a run that failed (docs/api.md#idempotency). */
  RETRY_WINDOW_MS: int(60_000, 0, 3_600_000),
  /** Events kept in a session's audit trace; the oldest are pruned beyond it. */
  TRACE_MAX_EVENTS: int(10_000, 100),
  /** Wall-clock limit of one execution of a run; past it the run fails with run_timeout. */
  RUN_TIMEOUT_MS: int(900_000, 1000),
  /** Model steps of a run one invocation of its Session object executes before the run continues in a fresh one (its alarm); 0: the whole run in one. */
  RUN_STEPS_PER_INVOCATION: int(0, 0, 1000),
  /** How long DELETE of a session waits for its running run to stop before wiping it anyway. */
  DELETE_WAIT_MS: int(10_000, 0),
  // ---- learning (docs/learning.md)
  /** Characters of one answer to an exercise. */
  ANSWER_MAX_CHARS: int(4000, 1, 100_000),
  /** The same answer to the same exercise within this window is a client's retry: its first result comes back, nothing is graded again. */
  ANSWER_REPEAT_WINDOW_MS: int(60_000, 0),
  /** Weak concepts a learner's progress lists at most. */
  WEAK_CONCEPTS_MAX: int(10, 1, 100),
  /** Due reviews a course's next lesson re-asks in its Recap at most (2–4 by default). */
  RECAP_MAX_REVIEWS: int(4, 1, 20),
  // ---- issue 26: what the learner sees (docs/api.md#images)
  /** true: the models read images (photos of homework reach them as image parts); false: images are refused, plainly. */
  MODEL_VISION: bool(false),
  /** Largest image accepted (JPEG, PNG, WebP or GIF, by its bytes), on every way in. */
  MAX_IMAGE_BYTES: int(5 * 1024 * 1024, 1024, 20 * 1024 * 1024),
  /** Images one message may carry. */
  MAX_IMAGES: int(4, 1, 16),
});

export type Config = z.output<typeof ConfigSchema>;

/** Settings that only make sense together. */
const CheckedConfig = ConfigSchema.superRefine((c, ctx) => {
  if (c.SEARCH_PROVIDER === "searxng" && !c.SEARCH_BASE_URL) {
    ctx.addIssue({ code: "custom", path: ["SEARCH_BASE_URL"], message: "SEARCH_PROVIDER=searxng needs SEARCH_BASE_URL" });
  }
  if ((c.SEARCH_PROVIDER === "tavily" || c.SEARCH_PROVIDER === "brave") && !c.SEARCH_API_KEY) {
    ctx.addIssue({ code: "custom", path: ["SEARCH_API_KEY"], message: `SEARCH_PROVIDER=${c.SEARCH_PROVIDER} needs SEARCH_API_KEY` });
  }
});

export class ConfigError extends Error {}

const cache = new WeakMap<object, Config>();

/** HOOKS and HOOK_TIMEOUT_MS stand in for WEBHOOKS and WEBHOOK_TIMEOUT_MS when only the old names are set. */
function withDeprecatedNames(config: Config, given: Record<string, unknown>): Config {
  const old = ["HOOKS", "HOOK_TIMEOUT_MS"].filter((name) => given[name] !== undefined && given[`WEB${name}`] === undefined);
  if (!old.length) return config;
  console.warn(`config: ${old.join(" and ")} ${old.length > 1 ? "are" : "is"} deprecated; rename to ${old.map((n) => `WEB${n}`).join(" and ")}.`);
  return {
    ...config,
    ...(old.includes("HOOKS") ? { WEBHOOKS: config.HOOKS } : {}),
    ...(old.includes("HOOK_TIMEOUT_MS") ? { WEBHOOK_TIMEOUT_MS: config.HOOK_TIMEOUT_MS } : {}),
  };
}

/** Parses the Worker's env once per env object; a bad value throws ConfigError naming the variable. */
export function loadConfig(env: object): Config {
  const hit = cache.get(env);
  if (hit) return hit;
  const strings: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(env)) {
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") strings[k] = String(v);
    // JSON vars of wrangler.toml (MCP_SERVERS, PERMISSIONS, WEBHOOKS) arrive as objects; bindings are class instances.
    else if (Array.isArray(v) || (v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype)) strings[k] = JSON.stringify(v);
  }
  const parsed = CheckedConfig.safeParse(strings);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new ConfigError(`invalid configuration: ${issues}`);
  }
  const config = withDeprecatedNames(parsed.data, strings);
  cache.set(env, config);
  return config;
}
