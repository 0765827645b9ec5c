import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call } from "../support/worker-http";

interface BadRequest {
  method: "GET" | "POST" | "DELETE";
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

const ID = /^[A-Za-z0-9._:-]{1,128}$/;
const tag = `fz${Date.now().toString(36)}`;
/** Valid ids of sessions that must not exist afterwards. */
const touched = new Set<string>();
const freshId = fc.nat().map((n) => {
  const id = `${tag}-${n}`;
  touched.add(id);
  return id;
});
/** Ids the contract refuses: a character outside the set, or too long (dots-only segments would be resolved away). */
const badId = fc.oneof(
  fc.string({ minLength: 1, maxLength: 24 }).filter((s) => !ID.test(s) && !/^\.+$/.test(s)),
  fc.string({ minLength: 129, maxLength: 160, unit: fc.constantFrom("a", "b", "7", "-") }),
);
const seg = (s: string) => encodeURIComponent(s);
const isJson = (s: string) => {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
};
const notJson = fc.string({ minLength: 1 }).filter((s) => s.trim() !== "" && !isJson(s));
const notObject = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.string()).map((v) => JSON.stringify(v));
/** Any JSON value that is not a string, for fields that must be strings. */
const notString = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.nat(), { maxLength: 2 }), fc.object({ maxDepth: 1 }));
const unknownKey = (allowed: string[]) => fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !allowed.includes(k) && k !== "__proto__");
const json = (v: unknown) => JSON.stringify(v);

const runBody = fc.oneof(
  notJson,
  notObject,
  fc.record({ input: fc.oneof(fc.constant(""), notString) }).map(json),
  fc.record({ input: fc.string({ minLength: 1 }), stream: fc.oneof(fc.string(), fc.integer(), fc.constant(null)) }).map(json),
  fc.record({ input: fc.string({ minLength: 1 }), paradigm: fc.string().filter((p) => !["react", "reflection", "plan-solve"].includes(p)) }).map(json),
  fc
    .record({
      input: fc.string({ minLength: 1 }),
      maxSteps: fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 1001 }), fc.double({ min: 1.1, max: 9.9, noInteger: true }), fc.string()),
    })
    .map(json),
  fc
    .tuple(fc.string({ minLength: 1 }), unknownKey(["input", "stream", "paradigm", "maxSteps"]), fc.jsonValue())
    .map(([input, k, v]) => json({ input, [k]: v })),
);
const sessionBody = fc.oneof(
  notJson,
  notObject,
  badId.map((id) => json({ id })),
  fc.oneof(fc.string(), fc.integer(), fc.array(fc.nat())).map((metadata) => json({ metadata })),
  fc.tuple(unknownKey(["id", "metadata"]), fc.jsonValue()).map(([k, v]) => json({ [k]: v })),
);
const decideBody = fc.oneof(
  notJson,
  notObject,
  fc
    .jsonValue()
    .filter((d) => d !== "allow" && d !== "deny")
    .map((decision) => json({ decision })),
  fc.record({ decision: fc.constantFrom("allow", "deny"), remember: fc.oneof(fc.string(), fc.integer(), fc.constant(null)) }).map(json),
  fc.tuple(unknownKey(["decision", "remember"]), fc.jsonValue()).map(([k, v]) => json({ decision: "allow", [k]: v })),
);
const courseBody = fc.oneof(
  notJson,
  notObject,
  // An empty topic makes the body invalid whatever the cron: a cron the parser chokes on must still be a 400.
  fc.record({ topic: fc.constantFrom("", "   "), cron: fc.string(), level: fc.string() }).map(json),
  fc.record({ topic: notString }).map(json),
  fc
    .record({
      topic: fc.constant(`${tag} calculus`),
      deliver: fc.oneof(
        fc.integer(),
        fc.string(),
        fc.boolean(),
        fc.constant(null),
        fc.constant({ slackChannel: "no spaces allowed" }),
        fc.constant({ telegramChatId: 1.5 }),
      ),
    })
    .map(json),
);
const chatBody = fc.oneof(
  notJson,
  notObject,
  fc
    .string()
    .filter((m) => m !== "study-agent")
    .map((model) => json({ model, messages: [{ role: "user", content: "hi" }] })),
  fc.constant(json({ model: "study-agent", messages: [] })),
  fc
    .string({ minLength: 1 })
    .filter((r) => !["system", "developer", "user", "assistant", "tool"].includes(r))
    .map((role) => json({ model: "study-agent", messages: [{ role, content: "hi" }] })),
  fc.string().map((content) =>
    json({
      model: "study-agent",
      messages: [
        { role: "user", content: "hi" },
        { role: "assistant", content },
      ],
    }),
  ),
  fc.integer({ min: 2, max: 9 }).map((n) => json({ model: "study-agent", n, messages: [{ role: "user", content: "hi" }] })),
);
const badCount = fc.oneof(fc.integer({ max: -1 }).map(String), fc.constantFrom("abc", "1.5", "1e400", "NaN", "-0.5", "0x10", " "));

const ROUTES: Array<[string, fc.Arbitrary<BadRequest>]> = [
  [
    "every route with an invalid id",
    fc
      .tuple(badId, freshId)
      .chain(([bad, ok]) =>
        fc.constantFrom<BadRequest>(
          { method: "GET", path: `/v1/sessions/${seg(bad)}` },
          { method: "DELETE", path: `/v1/sessions/${seg(bad)}` },
          { method: "GET", path: `/v1/sessions/${seg(bad)}/events` },
          { method: "POST", path: `/v1/sessions/${seg(bad)}/runs`, body: json({ input: "hi" }) },
          { method: "GET", path: `/v1/sessions/${ok}/runs/${seg(bad)}` },
          { method: "GET", path: `/v1/sessions/${seg(bad)}/runs/run_x/stream` },
          { method: "POST", path: `/v1/sessions/${ok}/runs/${seg(bad)}/cancel` },
          { method: "POST", path: `/v1/sessions/${ok}/approvals/${seg(bad)}`, body: json({ decision: "allow" }) },
          { method: "GET", path: `/v1/courses/${seg(bad)}` },
          { method: "DELETE", path: `/v1/courses/${seg(bad)}` },
          { method: "GET", path: `/v1/lessons/${seg(bad)}` },
        ),
      ),
  ],
  ["POST /v1/sessions/:id/runs", fc.tuple(freshId, runBody).map(([id, body]) => ({ method: "POST", path: `/v1/sessions/${id}/runs`, body }))],
  ["POST /v1/sessions", sessionBody.map((body) => ({ method: "POST", path: "/v1/sessions", body }))],
  [
    "POST /v1/sessions/:id/approvals/:approvalId",
    fc.tuple(freshId, decideBody).map(([id, body]) => ({ method: "POST", path: `/v1/sessions/${id}/approvals/appr_x`, body })),
  ],
  ["POST /v1/courses", courseBody.map((body) => ({ method: "POST", path: "/v1/courses", body }))],
  ["POST /v1/chat/completions", chatBody.map((body) => ({ method: "POST", path: "/v1/chat/completions", body }))],
  [
    "query parameters",
    fc
      .tuple(freshId, badCount, fc.constantFrom("after", "limit"))
      .chain(([id, value, name]) =>
        fc.constantFrom<BadRequest>(
          { method: "GET", path: `/v1/sessions/${id}/events?${name}=${encodeURIComponent(value)}` },
          { method: "GET", path: `/v1/sessions/${id}/events?limit=${name === "limit" ? "0" : "5000"}` },
          { method: "GET", path: `/v1/sessions/${id}/runs/run_x/stream?after=${encodeURIComponent(value)}` },
        ),
      ),
  ],
  [
    "bot webhooks without valid credentials",
    fc.tuple(fc.string(), fc.string({ maxLength: 40 }), fc.integer()).chain(([body, secret, ts]) =>
      fc.constantFrom<BadRequest>(
        { method: "POST", path: "/telegram/webhook", body, headers: { "x-telegram-bot-api-secret-token": secret.replace(/[^\x21-\x7e]/g, "") || "x" } },
        {
          method: "POST",
          path: "/slack/events",
          body,
          headers: { "x-slack-signature": `v0=${secret.replace(/[^\x21-\x7e]/g, "")}`, "x-slack-request-timestamp": String(ts) },
        },
        {
          method: "POST",
          path: "/slack/interactions",
          body: `payload=${encodeURIComponent(body)}`,
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "x-slack-signature": `v0=${secret.replace(/[^\x21-\x7e]/g, "")}`,
            "x-slack-request-timestamp": String(ts),
          },
        },
      ),
    ),
  ],
];
const RUNS_PER_ROUTE = 45;

/** Courses this test might have created (other tests create theirs at the same time). */
async function ourCourses(): Promise<number> {
  const { courses } = (await (await call("/v1/courses")).json()) as { courses: Array<{ topic?: string }> };
  return courses.filter((c) => String(c.topic).includes(tag)).length;
}

describe("generated bad inputs across every route", () => {
  it("all answer a 4xx JSON error, none a 5xx, and nothing is stored", { timeout: 120_000 }, async () => {
    const statuses = new Map<number, number>();
    let total = 0;
    for (const [name, arb] of ROUTES) {
      await fc.assert(
        fc.asyncProperty(arb, async (req) => {
          const res = await call(req.path, { method: req.method, body: req.body, headers: { "content-type": "application/json", ...req.headers } });
          total++;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const body = (await res.json().catch(() => null)) as { error?: { code?: unknown; message?: unknown } } | null;
          expect(res.status, `${name}: ${req.method} ${req.path} ${req.body?.slice(0, 80)}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${name}: ${req.method} ${req.path} ${req.body?.slice(0, 80)}`).toBeLessThan(500);
          expect(typeof body?.error?.message, `${name}: error body`).toBe("string");
          expect(typeof body?.error?.code, `${name}: error code`).toBe("string");
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    // Two bodies past MAX_BODY_BYTES (1 MiB by default).
    for (const path of ["/v1/sessions/x/runs", "/v1/courses"]) {
      const res = await call(path, { method: "POST", body: json({ input: "x".repeat(1_100_000) }), headers: { "content-type": "application/json" } });
      total++;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(res.status).toBe(413);
    }

    let stored = 0;
    for (const id of touched) if ((await call(`/v1/sessions/${id}`)).status !== 404) stored++;
    stored += await ourCourses();
    const fiveHundreds = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    console.log(
      `fuzz: ${total} generated bad inputs across ${ROUTES.length} route groups → ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s} ×${n}`)
        .join(", ")}; ${fiveHundreds} 5xx; ${stored} things stored (${touched.size} session ids checked)`,
    );
    expect(total).toBeGreaterThanOrEqual(300);
    expect(fiveHundreds).toBe(0);
    expect(stored).toBe(0);
  });
});
