// Ids the code derives from something else (a chat, a course, a request) instead of a caller naming them:
// sessions and learners whose owner is decided by what they were derived from. A tenant that could
// create one first would own it, and the chat, course or request it belongs to would find "another
// tenant's session" and break. Each kind is guarded one of two ways:
// - reserved: an id of its shape is created only by the code that derives it. The session object refuses
//   any other creator (400 reserved_id on every API), and a learner under one belongs to what it was
//   derived from, never to whoever answers first (src/learning/learner-owner.ts);
// - unguessable: it carries a random part only its owner knows, so no one else can name it in advance.
// test/project/derived-ids.test.ts finds every id the code derives and fails on one not built here.

export interface DerivedIdKind {
  prefix: string;
  /** The shape of the ids of this kind that only their deriving code may create; null: unguessable instead. */
  reserved: RegExp | null;
  /** What the ids name, for docs and error messages. */
  what: string;
}

export const DERIVED_IDS = {
  telegram: {
    prefix: "tg-",
    reserved: /^tg-/,
    what: "a Telegram chat or forum topic (tg-<chat id>, tg-<chat id>-t<topic id>, and either -<time> after /new)",
  },
  slack: { prefix: "slack-", reserved: /^slack-/, what: "a Slack conversation (slack-<team>-<channel>[-<thread>])" },
  course: {
    prefix: "course-",
    reserved: /^course-[0-9a-f]{12}(?:$|-)/,
    what: "a course (course-<12 hex>, its planning session and learner; <course id>-lesson-<n>)",
  },
  ephemeral: { prefix: "ephemeral-", reserved: /^ephemeral-/, what: "a stateless request's throwaway session" },
  response: { prefix: "resp-", reserved: /^resp-/, what: "a Responses API conversation started without a session" },
  user: {
    prefix: "user-",
    reserved: /^user-[0-9a-f]{32}$/,
    what: "a chat completion's session named by a hashed `user` (before conversations were found by their turns)",
  },
  conversation: { prefix: "conv-", reserved: /^conv-[0-9a-f]{32}$/, what: "a chat front end's conversation, found again by its earlier messages" },
  keyed: {
    prefix: "sess-",
    reserved: /^sess-[0-9a-f]{32}$/,
    what: "a session created without an id but with an Idempotency-Key (sess-<32 hex>, a hash of the tenant and the key)",
  },
  mcp: {
    prefix: "mcp-",
    reserved: null,
    what: "an MCP call's own session (mcp-<random UUID>) or an MCP connection's learner (mcp-<Mcp-Session-Id>): random UUIDs only the client holds",
  },
} as const satisfies Record<string, DerivedIdKind>;

export type DerivedIdName = keyof typeof DERIVED_IDS;

/** The id of kind `kind` derived from `from` (a chat id, a hash, a random part). */
export const derivedId = (kind: DerivedIdName, from: string | number): string => `${DERIVED_IDS[kind].prefix}${from}`;

/** The reserved kind `id` has the shape of, if any: such an id is created only by the code that derives it. */
export function reservedKind(id: string): DerivedIdKind | undefined {
  return Object.values(DERIVED_IDS).find((k: DerivedIdKind) => k.reserved?.test(id));
}

/** Why an API caller may not create a session under `id`. */
export const reservedIdMessage = (id: string, kind: DerivedIdKind): string =>
  `The id ${id.slice(0, 140)} is reserved for ${kind.what}: the agent derives such ids itself, so no API caller can create one. Choose another id.`;
