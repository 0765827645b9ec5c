import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { putLesson } from "../support/quiz-lesson";
import { sessionsWithObjects } from "../support/session-objects";
import { remoteAddress, reservedIdArb, spoofedHeaders } from "../support/trust-arbitraries";
import { call } from "../support/worker-http";

interface BadRequest {
  method: "GET" | "POST" | "DELETE" | "PUT" | "PATCH";
  path: string;
  body?: string;
  headers?: Record<string, string>;
  /** The one status this request must get (else any 4xx), and the error code with it. */
  status?: number;
  code?: string;
  /** The client's address as the runtime reports it (default: this machine). */
  from?: string;
  /** The answer is a small HTML page for a browser (the MCP OAuth callback), not a JSON error. */
  html?: boolean;
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
/** Metadata nested past METADATA_MAX_DEPTH (8), up to thousands of levels. */
const deepMetadata = fc.integer({ min: 9, max: 5_000 }).map((depth) => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { k: v };
  return json({ metadata: { v } });
});
const sessionBody = fc.oneof(
  notJson,
  notObject,
  badId.map((id) => json({ id })),
  fc.constantFrom(".", "..", "...", "....").map((id) => json({ id })),
  deepMetadata,
  fc.integer({ min: 16_400, max: 60_000 }).map((n) => json({ metadata: { note: "x".repeat(n) } })),
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
const answerInputBody = fc.oneof(
  notJson,
  notObject,
  fc
    .jsonValue()
    .filter((a) => a !== "accept" && a !== "decline" && a !== "cancel")
    .map((action) => json({ action })),
  fc.record({ action: fc.constantFrom("decline", "cancel"), content: fc.jsonValue() }).map(json),
  fc
    .record({
      action: fc.constant("accept"),
      content: fc.oneof(fc.string(), fc.integer(), fc.array(fc.jsonValue()), fc.dictionary(fc.string(), fc.constant(null))),
    })
    .map(json),
  fc.tuple(unknownKey(["action", "content"]), fc.jsonValue()).map(([k, v]) => json({ action: "decline", [k]: v })),
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
/** PATCH /v1/courses/:id takes {"resume": true} and nothing else. */
const coursePatchBody = fc.oneof(
  notJson,
  notObject,
  fc.constant("{}"),
  fc.record({ resume: fc.oneof(fc.constant(false), fc.string(), fc.integer(), fc.constant(null)) }).map(json),
  fc.record({ resume: fc.constant(true), topic: fc.string() }).map(json),
);
/** JSON Schemas the validator could not use: a type that is no JSON type, `required` that is no list, a `$ref` that goes nowhere. */
const badSchema = fc.oneof(
  fc
    .string()
    .filter((t) => !["string", "number", "integer", "boolean", "object", "array", "null"].includes(t))
    .map((type) => ({ type })),
  fc.oneof(fc.string(), fc.integer(), fc.constant({ a: 1 })).map((required) => ({ type: "object", required })),
  fc.stringMatching(/^[a-z]{1,8}$/).map((name) => ({ $ref: `#/$defs/${name}` })),
  fc.oneof(fc.integer(), fc.string(), fc.array(fc.nat(), { maxLength: 2 })).map((a) => ({ type: "object", properties: { a } })),
);
/** A format name OpenAI refuses: empty, too long, or with characters outside a-z A-Z 0-9 _ -. */
const badFormatName = fc.oneof(
  fc.constant(""),
  fc.string({ minLength: 65, maxLength: 80, unit: fc.constantFrom("a", "b") }),
  fc.constantFrom("a b", "x/y", "é"),
);
/** Bad `response_format` values (Chat Completions) and bad `text` values (Responses). */
const badResponseFormat = fc.oneof(
  notString.filter((v) => v !== null && !(typeof v === "object" && !Array.isArray(v))),
  fc
    .string()
    .filter((t) => !["text", "json_object", "json_schema"].includes(t))
    .map((type) => ({ type })),
  fc.constant({ type: "json_schema" }),
  badSchema.map((schema) => ({ type: "json_schema", json_schema: { name: "answer", schema } })),
  badFormatName.map((name) => ({ type: "json_schema", json_schema: { name, schema: { type: "object" } } })),
);
const badTextFormat = fc.oneof(
  fc.oneof(fc.string(), fc.integer(), fc.array(fc.nat(), { maxLength: 2 })).map((text) => ({ text })),
  fc
    .string()
    .filter((t) => !["text", "json_object", "json_schema"].includes(t))
    .map((type) => ({ text: { format: { type } } })),
  badSchema.map((schema) => ({ text: { format: { type: "json_schema", name: "answer", schema } } })),
  badFormatName.map((name) => ({ text: { format: { type: "json_schema", name, schema: { type: "object" } } } })),
);
/** `stop` values refused: empty, not text, more than 4, or beside a JSON format. */
const badStop = fc.oneof(
  fc.constant({ stop: "" }),
  fc.oneof(fc.integer(), fc.boolean(), fc.constant({ a: 1 })).map((stop) => ({ stop })),
  fc.array(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 5, maxLength: 8 }).map((stop) => ({ stop })),
  fc.string({ minLength: 1, maxLength: 4 }).map((stop) => ({ stop, response_format: { type: "json_object" } })),
);
/** What the agent cannot honour: log probabilities, more than one choice. */
const refusedChat = fc.oneof(
  fc.constant({ logprobs: true }),
  fc.integer({ min: 1, max: 20 }).map((top_logprobs) => ({ top_logprobs })),
  fc.integer({ min: 2, max: 128 }).map((n) => ({ n })),
);
const refusedResponses = fc.oneof(
  fc.integer({ min: 1, max: 20 }).map((top_logprobs) => ({ top_logprobs })),
  fc.constant({ include: ["message.output_text.logprobs"] }),
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
  fc
    .oneof(
      badResponseFormat.map((response_format) => ({ response_format })),
      badStop,
      refusedChat,
    )
    .map((extra) => json({ model: "study-agent", messages: [{ role: "user", content: "hi" }], ...extra })),
  // An assistant tool call without its function (or with an empty one) must not reach the history.
  fc
    .constantFrom<unknown>(
      { id: "c1", type: "function" },
      { id: "c1", type: "function", function: {} },
      { id: "c1", type: "function", function: { name: "" } },
      { type: "function" },
      "call",
    )
    .map((call) =>
      json({
        model: "study-agent",
        messages: [
          { role: "user", content: "hi" },
          { role: "assistant", content: null, tool_calls: [call] },
          { role: "tool", tool_call_id: "c1", content: "4" },
          { role: "user", content: "and?" },
        ],
      }),
    ),
);
const responsesBody = fc.oneof(
  notJson,
  notObject,
  fc.constant(json({ input: "hi" })),
  fc.constantFrom("", [], [{ role: "assistant", content: "only mine" }]).map((input) => json({ model: "study-agent", input })),
  // A client's function tools are honoured; a hosted tool, or a function with no name, is not.
  fc
    .constantFrom([{ type: "web_search" }], [{ type: "function" }], [{ type: "function", name: "" }], "f")
    .map((tools) => json({ model: "study-agent", input: "hi", tools })),
  fc.constant(json({ model: "study-agent", input: "hi", previous_response_id: "resp_x", conversation: "c" })),
  fc.constant(json({ model: "study-agent", input: "hi", store: false, conversation: "c" })),
  fc.constant(json({ model: "study-agent", input: "hi", background: true, store: false })),
  badId.map((conversation) => json({ model: "study-agent", input: "hi", conversation })),
  notString.filter((v) => v !== null).map((instructions) => json({ model: "study-agent", input: "hi", instructions })),
  fc.string({ minLength: 1, maxLength: 40 }).map((previous) => json({ model: "study-agent", input: "hi", previous_response_id: `not-ours-${previous}` })),
  fc.oneof(badTextFormat, refusedResponses).map((extra) => json({ model: "study-agent", input: "hi", ...extra })),
);
const badUITool = fc.oneof(
  fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.string()),
  fc
    .string()
    .filter((name) => !/^[A-Za-z0-9_-]{1,64}$/.test(name))
    .map((name) => ({ name })),
  notString.filter((v) => v === null || typeof v !== "object" || Array.isArray(v)).map((inputSchema) => ({ name: "f", inputSchema })),
  fc.tuple(unknownKey(["name", "description", "inputSchema"]), fc.jsonValue()).map(([k, v]) => ({ name: "f", [k]: v })),
);
const uiChatBody = fc.oneof(
  notJson,
  notObject,
  badId.map((id) => json({ id, messages: [{ role: "user", parts: [{ type: "text", text: "hi" }] }] })),
  freshId.map((id) => json({ id, messages: [] })),
  fc
    .tuple(
      freshId,
      fc.string().filter((r) => !["system", "user", "assistant"].includes(r)),
    )
    .map(([id, role]) => json({ id, messages: [{ role, parts: [] }] })),
  fc.tuple(freshId, notObject).map(([id, parts]) => json({ id, messages: [{ role: "user", parts }] })),
  // The last message is the assistant's but answers no approval.
  freshId.map((id) => json({ id, messages: [{ role: "assistant", parts: [{ type: "text", text: "hello" }] }] })),
  // The page's own tools, malformed: not a list, a bad name, a schema that is not an object, a field of no such name.
  fc
    .tuple(
      freshId,
      fc.oneof(
        notString.filter((v) => !Array.isArray(v)),
        fc.string(),
        fc.array(badUITool, { minLength: 1, maxLength: 3 }),
      ),
    )
    .map(([id, tools]) => json({ id, messages: [{ role: "user", parts: [{ type: "text", text: "hi" }] }], tools })),
  // A tool output answering a call id this server never handed out.
  fc
    .tuple(freshId, fc.string())
    .map(([id, toolCallId]) =>
      json({ id, messages: [{ role: "assistant", parts: [{ type: "tool-get_weather", toolCallId, state: "output-available", input: {}, output: "sunny" }] }] }),
    ),
);
const answerBody = fc.oneof(
  notJson,
  notObject,
  fc
    .string()
    .filter((e) => !/^\d{1,3}\.\d{1,3}$/.test(e))
    .map((exercise) => json({ exercise, answer: "x" })),
  notString.map((answer) => json({ exercise: "1.1", answer })),
);
/** Content types a cross-site page can send without a CORS preflight, and other non-JSON ones. */
const notJsonType = fc.oneof(
  fc.constantFrom(
    "text/plain",
    "text/plain;charset=UTF-8",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/jsonx",
    "text/json",
    "application/xml",
    "application/json-patch",
  ),
  fc.stringMatching(/^[a-z]{1,10}\/[a-z+.-]{1,16}$/).filter((t) => t !== "application/json"),
);
/** Idempotency-Key values the header refuses: empty, spaces or control characters, longer than 255. */
const badIdempotencyKey = fc.oneof(
  fc.constantFrom("", "two words", "tab\there", "del\x7f"),
  fc.string({ minLength: 256, maxLength: 300, unit: fc.constantFrom("a", "b", "7") }),
);
/** Ids of a reserved derived kind: no caller may create one (checked not to exist afterwards). */
const reservedId = reservedIdArb.map((id) => {
  touched.add(id);
  return id;
});
/** A lesson the answers below can reach, so their learner is what is refused. */
const fuzzLesson = `${tag}-lesson.md`;
const badCount = fc.oneof(fc.integer({ max: -1 }).map(String), fc.constantFrom("abc", "1.5", "1e400", "NaN", "-0.5", "0x10", " "));

const ROUTES: Array<[string, fc.Arbitrary<BadRequest>]> = [
  [
    "derived ids a caller names, on every way of naming a session (400 reserved_id; a learner: 404)",
    reservedId.chain((id) => {
      const hi = [{ role: "user", content: "hi" }];
      const creating: Array<Omit<BadRequest, "status" | "code">> = [
        { method: "POST", path: "/v1/sessions", body: json({ id }) },
        { method: "POST", path: `/v1/sessions/${id}/runs`, body: json({ input: "hi" }) },
        { method: "POST", path: "/v1/chat/completions", body: json({ model: "study-agent", messages: hi }), headers: { "x-session-id": id } },
        { method: "POST", path: "/v1/responses", body: json({ model: "study-agent", input: "hi", conversation: id }) },
        { method: "POST", path: "/v1/ui/chat", body: json({ id, messages: [{ role: "user", parts: [{ type: "text", text: "hi" }] }] }) },
      ];
      return fc.constantFrom<BadRequest>(...creating.map((req) => ({ ...req, status: 400, code: "reserved_id" })), {
        method: "POST",
        path: `/v1/lessons/${fuzzLesson}/answers`,
        body: json({ exercise: "1.1", answer: "B", sessionId: id }),
        status: 404,
      });
    }),
  ],
  [
    "spoofed client addresses and hosts with no token set (only loopback connections are answered: 401)",
    fc.tuple(freshId, remoteAddress, spoofedHeaders).chain(([id, from, headers]) =>
      fc
        .constantFrom<Omit<BadRequest, "from" | "headers" | "status" | "code">>(
          { method: "POST", path: "/v1/sessions", body: json({ id }) },
          { method: "POST", path: `/v1/sessions/${id}/runs`, body: json({ input: "hi" }) },
          { method: "GET", path: `/v1/sessions/${id}` },
          { method: "POST", path: "/v1/chat/completions", body: json({ model: "study-agent", user: id, messages: [{ role: "user", content: "hi" }] }) },
          { method: "POST", path: "/mcp", body: json({ jsonrpc: "2.0", id: 1, method: "ping" }) },
        )
        // The OpenAI-compatible routes answer in OpenAI's words (invalid_api_key).
        .map((req) => ({ ...req, from, headers, status: 401, code: req.path.startsWith("/v1/chat/") ? "invalid_api_key" : "api_token_required" })),
    ),
  ],
  [
    "every route with an invalid id",
    fc.tuple(badId, freshId).chain(([bad, ok]) =>
      fc.constantFrom<BadRequest>(
        { method: "GET", path: `/v1/sessions/${seg(bad)}` },
        { method: "DELETE", path: `/v1/sessions/${seg(bad)}` },
        { method: "GET", path: `/v1/sessions/${seg(bad)}/events` },
        { method: "POST", path: `/v1/sessions/${seg(bad)}/runs`, body: json({ input: "hi" }) },
        { method: "GET", path: `/v1/sessions/${ok}/runs/${seg(bad)}` },
        { method: "GET", path: `/v1/sessions/${seg(bad)}/runs/run_x/stream` },
        { method: "POST", path: `/v1/sessions/${ok}/runs/${seg(bad)}/cancel` },
        { method: "POST", path: `/v1/sessions/${ok}/approvals/${seg(bad)}`, body: json({ decision: "allow" }) },
        { method: "POST", path: `/v1/sessions/${ok}/inputs/${seg(bad)}`, body: json({ action: "decline" }) },
        { method: "GET", path: `/v1/courses/${seg(bad)}` },
        { method: "DELETE", path: `/v1/courses/${seg(bad)}` },
        { method: "PATCH", path: `/v1/courses/${seg(bad)}`, body: json({ resume: true }) },
        { method: "GET", path: `/v1/lessons/${seg(bad)}` },
        { method: "POST", path: `/v1/sessions/${seg(bad)}/compact` },
        { method: "GET", path: `/v1/learners/${seg(bad)}/progress` },
        { method: "GET", path: `/v1/lessons/${seg(bad)}/exercises` },
        { method: "POST", path: `/v1/lessons/${seg(bad)}/answers`, body: json({ exercise: "1.1", answer: "x" }) },
        // Unknown sessions: 404, and asking does not create them.
        { method: "POST", path: `/v1/sessions/${ok}/compact` },
        { method: "GET", path: `/v1/sessions/${ok}/runs/run_x/stream` },
      ),
    ),
  ],
  [
    "state-changing /v1 requests whose body is not Content-Type: application/json (CSRF)",
    fc
      .tuple(freshId, notJsonType)
      .chain(([id, type]) =>
        fc
          .constantFrom<Omit<BadRequest, "headers" | "status">>(
            { method: "POST", path: "/v1/sessions", body: json({ id }) },
            { method: "POST", path: `/v1/sessions/${id}/runs`, body: json({ input: "hi" }) },
            { method: "POST", path: `/v1/sessions/${id}/runs/run_x/cancel`, body: "{}" },
            { method: "POST", path: `/v1/sessions/${id}/approvals/appr_x`, body: json({ decision: "allow" }) },
            { method: "POST", path: `/v1/sessions/${id}/inputs/inp_x`, body: json({ action: "decline" }) },
            { method: "POST", path: `/v1/sessions/${id}/compact`, body: "{}" },
            { method: "POST", path: "/v1/courses", body: json({ topic: `${tag} calculus` }) },
            { method: "POST", path: "/v1/chat/completions", body: json({ model: "study-agent", messages: [{ role: "user", content: "hi" }], user: id }) },
            { method: "POST", path: "/v1/responses", body: json({ model: "study-agent", input: "hi", conversation: id }) },
            { method: "POST", path: "/v1/ui/chat", body: json({ id, messages: [{ role: "user", parts: [{ type: "text", text: "hi" }] }] }) },
            { method: "POST", path: "/v1/lessons/some-lesson/answers", body: json({ exercise: "1.1", answer: "x" }) },
            { method: "POST", path: "/v1/mcp/servers/some-server/authorize", body: "{}" },
            { method: "DELETE", path: `/v1/sessions/${id}`, body: "{}" },
            { method: "PUT", path: `/v1/sessions/${id}`, body: "{}" },
            { method: "PATCH", path: `/v1/sessions/${id}`, body: "{}" },
            { method: "PATCH", path: `/v1/courses/${id}`, body: json({ resume: true }) },
          )
          .map((req) => ({ ...req, headers: { "content-type": type }, status: 415 })),
      ),
  ],
  [
    "a malformed Idempotency-Key",
    fc
      .tuple(freshId, badIdempotencyKey)
      .chain(([id, key]) =>
        fc
          .constantFrom<Omit<BadRequest, "headers" | "status">>(
            { method: "POST", path: `/v1/sessions/${id}/runs`, body: json({ input: "hi" }) },
            { method: "POST", path: "/v1/chat/completions", body: json({ model: "study-agent", messages: [{ role: "user", content: "hi" }], user: id }) },
            { method: "POST", path: "/v1/responses", body: json({ model: "study-agent", input: "hi", conversation: id }) },
            { method: "POST", path: "/v1/courses", body: json({ topic: "", cron: "0 8 * * *" }) },
            { method: "POST", path: `/v1/sessions/${id}/inputs/inp_x`, body: json({ action: "decline" }) },
          )
          .map((req) => ({ ...req, headers: { "idempotency-key": key }, status: 400 })),
      ),
  ],
  ["POST /v1/responses", responsesBody.map((body) => ({ method: "POST", path: "/v1/responses", body }))],
  ["POST /v1/ui/chat", uiChatBody.map((body) => ({ method: "POST", path: "/v1/ui/chat", body }))],
  ["POST /v1/lessons/:key/answers", answerBody.map((body) => ({ method: "POST", path: "/v1/lessons/no-such-lesson/answers", body }))],
  [
    "/v1/mcp routes",
    fc
      .tuple(fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/), fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }))
      .chain(([name, code, state]) =>
        fc.constantFrom<BadRequest>(
          { method: "POST", path: `/v1/mcp/servers/unconfigured-${name}/authorize` },
          { method: "DELETE", path: `/v1/mcp/servers/unconfigured-${name}/authorization` },
          { method: "GET", path: `/v1/mcp/oauth/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`, html: true },
          { method: "GET", path: `/v1/mcp/oauth/callback?error=access_denied&state=${encodeURIComponent(state)}`, html: true },
          { method: "GET", path: `/v1/mcp/oauth/callback`, html: true },
        ),
      ),
  ],
  ["unknown paths outside /v1", fc.stringMatching(/^[a-z0-9-]{1,20}$/).map((p): BadRequest => ({ method: "GET", path: `/no-such-page-${p}`, status: 404 }))],
  ["POST /v1/sessions/:id/runs", fc.tuple(freshId, runBody).map(([id, body]) => ({ method: "POST", path: `/v1/sessions/${id}/runs`, body }))],
  ["POST /v1/sessions", sessionBody.map((body) => ({ method: "POST", path: "/v1/sessions", body }))],
  [
    "POST /v1/sessions/:id/approvals/:approvalId",
    fc.tuple(freshId, decideBody).map(([id, body]) => ({ method: "POST", path: `/v1/sessions/${id}/approvals/appr_x`, body })),
  ],
  [
    "POST /v1/sessions/:id/inputs/:inputId",
    fc.tuple(freshId, answerInputBody).map(([id, body]) => ({ method: "POST", path: `/v1/sessions/${id}/inputs/inp_x`, body })),
  ],
  ["POST /v1/courses", courseBody.map((body) => ({ method: "POST", path: "/v1/courses", body }))],
  ["PATCH /v1/courses/:id", fc.tuple(freshId, coursePatchBody).map(([id, body]) => ({ method: "PATCH", path: `/v1/courses/${id}`, body }))],
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
/** Session ids checked at once for "nothing is stored". */
const STORED_CHECK_BATCH = 25;

/** Courses this test might have created (other tests create theirs at the same time). */
async function ourCourses(): Promise<number> {
  const { courses } = (await (await call("/v1/courses")).json()) as { courses: Array<{ topic?: string }> };
  return courses.filter((c) => String(c.topic).includes(tag)).length;
}

beforeAll(async () => {
  await putLesson(env.LESSONS, fuzzLesson);
});

describe("generated bad inputs across every route", () => {
  it("all answer a 4xx JSON error, none a 5xx, and nothing is stored", { timeout: 120_000 }, async () => {
    const statuses = new Map<number, number>();
    let total = 0;
    for (const [name, arb] of ROUTES) {
      await fc.assert(
        fc.asyncProperty(arb, async (req) => {
          const res = await call(req.path, {
            method: req.method,
            body: req.body,
            headers: { "content-type": "application/json", ...req.headers },
            ...(req.from ? { from: req.from } : {}),
          });
          total++;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const what = `${name}: ${req.method} ${req.path} ${req.from ?? ""} ${JSON.stringify(req.headers ?? {})} ${req.body?.slice(0, 80)}`;
          if (req.status) expect(res.status, what).toBe(req.status);
          expect(res.status, what).toBeGreaterThanOrEqual(400);
          expect(res.status, what).toBeLessThan(500);
          if (req.html) {
            expect(res.headers.get("content-type"), what).toContain("text/html");
            return;
          }
          const body = (await res.json().catch(() => null)) as { error?: { code?: unknown; message?: unknown } } | null;
          expect(typeof body?.error?.message, `${what}: error body`).toBe("string");
          expect(typeof body?.error?.code, `${what}: error code`).toBe("string");
          if (req.code) expect(body?.error?.code, what).toBe(req.code);
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

    // Only ids whose session object exists can have stored anything, so only those are asked: asking creates the
    // object, and asking all ~370 took 12 of this test's 19 s (~55 exist: the routes that answer 404 ask the object).
    // A session stored on purpose shows the listing sees what a request stores.
    const probe = `${tag}-stored-on-purpose`;
    expect((await call("/v1/sessions", { method: "POST", json: { id: probe } })).status).toBe(201);
    const ids = await sessionsWithObjects([...touched, probe]);
    expect(ids, "the session stored on purpose is listed").toContain(probe);
    expect((await call(`/v1/sessions/${probe}`, { method: "DELETE" })).status).toBe(204);
    ids.splice(ids.indexOf(probe), 1);
    // Each id asked once, a batch at a time: the answers are independent reads, and one by one they took seconds.
    let stored = 0;
    for (let i = 0; i < ids.length; i += STORED_CHECK_BATCH) {
      const answers = await Promise.all(ids.slice(i, i + STORED_CHECK_BATCH).map((id) => call(`/v1/sessions/${id}`)));
      stored += answers.filter((res) => res.status !== 404).length;
    }
    stored += await ourCourses();
    const fiveHundreds = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    console.log(
      `fuzz: ${total} generated bad inputs across ${ROUTES.length} route groups → ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s} ×${n}`)
        .join(", ")}; ${fiveHundreds} 5xx; ${stored} things stored (${touched.size} session ids checked, ${ids.length} of them through the API)`,
    );
    expect(total).toBeGreaterThanOrEqual(600);
    expect(fiveHundreds).toBe(0);
    expect(stored).toBe(0);
  });
});
