// The trace's settings: how many events a session keeps, and the webhooks its events go to.
import * as z from "zod";
import { int, json, notAbove } from "../../lib/setting-types";
import { NetworkSettings } from "../../tools/network-settings";
import { checkUrl } from "../../tools/ssrf";
import { WebhookHooksSchema } from "./webhooks";

const TraceSettingsObject = z.object({
  /** Events kept in a session's audit trace; the oldest are pruned beyond it. */
  TRACE_MAX_EVENTS: int(10_000, 100),
  /** Characters of a tool's output the trace keeps (a preview); the history keeps the whole output, and stream replays read it from there. */
  TRACE_OUTPUT_PREVIEW_CHARS: int(2_000, 100),
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
});

/**
 * HOOKS and HOOK_TIMEOUT_MS stand in for WEBHOOKS and WEBHOOK_TIMEOUT_MS when only the old names are set.
 * Both names set is refused: one of the two values would be dropped without a word.
 */
function withDeprecatedNames(given: unknown, ctx: z.RefinementCtx): unknown {
  if (given === null || typeof given !== "object") return given;
  const vars: Record<string, unknown> = { ...given };
  const set = (name: string) => vars[name] !== undefined;
  for (const name of ["HOOKS", "HOOK_TIMEOUT_MS"].filter((n) => set(n) && set(`WEB${n}`)))
    ctx.addIssue({ code: "custom", path: [name], message: `the old name of WEB${name}, which is set too: remove ${name}` });
  const old = ["HOOKS", "HOOK_TIMEOUT_MS"].filter((name) => set(name) && !set(`WEB${name}`));
  if (!old.length) return given;
  console.warn(`config: ${old.join(" and ")} ${old.length > 1 ? "are" : "is"} deprecated; rename to ${old.map((n) => `WEB${n}`).join(" and ")}.`);
  for (const name of old) vars[`WEB${name}`] = vars[name];
  return vars;
}

/**
 * A webhook URL the address rule refuses (loopback, private, metadata: ssrf.ts, with ALLOW_PRIVATE_FETCH
 * read as the network slice reads it) would be accepted and then every delivery given up: refused here,
 * by its path, naming the kind of address and never the URL. A name that resolves to such an address is
 * still refused when it is fetched.
 */
function refusePrivateUrls(given: unknown, ctx: z.RefinementCtx): unknown {
  if (given === null || typeof given !== "object") return given;
  const vars = given as Record<string, unknown>;
  const name = vars.WEBHOOKS !== undefined ? "WEBHOOKS" : "HOOKS";
  let hooks: unknown;
  try {
    hooks = JSON.parse(String(vars[name] ?? "[]"));
  } catch {
    return given; // Not JSON: the slice says so itself.
  }
  if (!Array.isArray(hooks)) return given;
  const allowPrivate = NetworkSettings.safeParse(given).data?.ALLOW_PRIVATE_FETCH ?? false;
  hooks.forEach((hook: unknown, i) => {
    const url = (hook as { url?: unknown } | null)?.url;
    if (typeof url !== "string" || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) return;
    const check = checkUrl(url, { allowPrivate });
    if (!check.ok)
      ctx.addIssue({
        code: "custom",
        path: [name, i, "url"],
        message: `its host ${check.reason.replace(/^\S+ is /, "is ")}${allowPrivate ? "" : " (ALLOW_PRIVATE_FETCH=true lets loopback and private ones through, for local tests)"}`,
      });
  });
  return given;
}

export const TraceSettings = z.preprocess(
  (given, ctx) => withDeprecatedNames(refusePrivateUrls(given, ctx), ctx),
  // A base above the longest wait was ignored.
  TraceSettingsObject.superRefine((s, ctx) => notAbove(s, ctx, "WEBHOOK_RETRY_BASE_MS", "WEBHOOK_MAX_RETRY_DELAY_MS")),
);
