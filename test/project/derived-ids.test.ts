// Every id the code derives (a bot chat's session, a course's, a stateless request's, a hashed user's…)
// is built through src/lib/derived-ids.ts, and each kind there is either reserved (no API caller can
// create it: the session object refuses, test/http/bad-input-fuzz.workers.test.ts and
// test/platforms/bot-sessions-reserved.test.ts try) or unguessable. This test reads the source: an id
// built by hand (`foo-${x}`, "foo-" + x) anywhere else fails it until it is registered there, or listed
// below as no id a caller could name first, with the reason. So a new derived id cannot be forgotten.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DERIVED_IDS, derivedId, reservedKind } from "../../src/lib/derived-ids";
import { ROOT } from "../support/paths";

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/** The code without its comments, so prose about ids does not count. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

/**
 * Ids built by hand: a template literal or a concatenation that joins a lower-case word and a dash to a
 * value (`tg-${chat}`, "course-" + hex), or a value, a dash and more (`${courseId}-lesson-${n}`).
 */
const HAND_BUILT = /`[a-z][a-z0-9]*-\$\{|["'][a-z][a-z0-9]*-["']\s*\+|`\$\{[^`]*?\}-[a-z0-9-]*\$\{/g;

/** Hand-built strings that are no id a caller could name before the code does, and why. */
const NOT_CALLER_NAMEABLE: Record<string, string> = {
  "src/channels/chat-object.ts: `${platform.sessionId(m)}-${":
    "a chat's session after /new: its platform's derived id (tg-…, slack-…) and a time, so reserved with it",
  "src/learning/chat-quiz.ts: `${d.conversation}-${":
    "a course's answers given in one chat conversation: the chat's learner id (tg-…, slack-…) and the course id, so reserved with it",
  "src/courses/course-registry.ts: `${courseId}-lesson-${":
    "a course's lesson session: the course's derived id and a number, so reserved with it (course-<12 hex>-…)",
  "src/courses/course-shards.ts: `courses-${": "a course registry shard's Durable Object name (COURSES): no API names one",
  "src/images/image-store.ts: `img-${": "an image's key: the hash of its bytes, in its tenant's folder of IMAGES, never a session or learner",
  "src/openai-compatible/chat-wire.ts: `chatcmpl-${": "a chat completion's id in its reply body, never looked up",
  "src/openai-compatible/ui-message-stream.ts: `${messageId}-${": "a UI message part's id in a stream to the browser, never looked up",
};

describe("derived ids", () => {
  const found = sourceFiles("src")
    .filter((f) => f !== join("src", "lib", "derived-ids.ts"))
    .flatMap((file) => [...withoutComments(readFileSync(join(ROOT, file), "utf8")).matchAll(HAND_BUILT)].map((m) => `${file}: ${m[0]}`));

  it("finds hand-built ids, so the check below can fail", () => {
    const sample = 'const a = `tg-${chat}`; const b = "course-" + hex; const c = `${id}-lesson-${n}`; // `x-${y}` in a comment';
    expect([...withoutComments(sample).matchAll(HAND_BUILT)].map((m) => m[0])).toEqual(["`tg-${", '"course-" +', "`${id}-lesson-${"]);
    expect(found.length).toBeGreaterThan(0);
  });

  it("are built only through src/lib/derived-ids.ts, or are listed as no id a caller could name", () => {
    expect(found.filter((f) => !(f in NOT_CALLER_NAMEABLE))).toEqual([]);
    // The list says nothing of code that is gone.
    expect(Object.keys(NOT_CALLER_NAMEABLE).filter((k) => !found.includes(k))).toEqual([]);
  });

  it("no prefix of a derived kind is kept as a string of its own anywhere else (to be joined to a value later)", () => {
    const prefixes = Object.values(DERIVED_IDS).map((k) => k.prefix);
    const spelled = sourceFiles("src")
      .filter((f) => f !== join("src", "lib", "derived-ids.ts"))
      .flatMap((file) => {
        const code = withoutComments(readFileSync(join(ROOT, file), "utf8"));
        return prefixes.filter((p) => new RegExp(`(["'\`])${p}\\1`).test(code)).map((p) => `${file}: ${p}`);
      });
    expect(spelled).toEqual([]);
  });

  it("names Durable Objects in known places only, each saying who may name one", () => {
    // Sessions and learners are named by API callers too: their derived ids are the ones above.
    const known: Record<string, string> = {
      "src/session/runs/start-run.ts: env.SESSIONS.getByName(sessionId)": "a session id: named by callers, or derived (reserved)",
      "src/learning/learner-object.ts: env.LEARNERS.getByName(learnerId)": "a learner: a session's id, so it belongs to the session's tenant",
      "src/channels/chat-object.ts: env.CHATS.getByName(name)": "a chat: named by a signed platform webhook only",
      "src/courses/course-shards.ts: env.COURSES.getByName(`courses-${index}`)": "a course registry shard: no caller names one",
      "src/mcp-server/mcp-routes.ts: c.env.MCP_SESSIONS.getByName(sessionId)": "an MCP session: random, bound to the credentials that opened it",
      'src/mcp/oauth/oauth-object.ts: env.MCP_OAUTH.getByName("deployment")': "the deployment's one OAuth store",
      "src/openai-compatible/conversations/conversation-place.ts: env.CONVERSATIONS.getByName(name)":
        "a conversation index: a hash of the tenant and the request's `user`",
    };
    const named = sourceFiles("src").flatMap((file) =>
      [...withoutComments(readFileSync(join(ROOT, file), "utf8")).matchAll(/[\w.]+\.(?:getByName|idFromName)\([^)]*\)/g)].map((m) => `${file}: ${m[0]}`),
    );
    expect(named.sort()).toEqual(Object.keys(known).sort());
  });

  it("every reserved kind reserves the ids the code derives, and what is derived from them", () => {
    const samples: Record<keyof typeof DERIVED_IDS, string> = {
      telegram: "-1001234567",
      slack: "T0123-C0456-1712345678.000100",
      course: "0123456789ab",
      ephemeral: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
      response: "3d0c2b6e-8f0a-4c1e-9b7d-5a4f3e2d1c0b",
      user: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
      conversation: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
      keyed: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
      mcp: "3d0c2b6e-8f0a-4c1e-9b7d-5a4f3e2d1c0b",
    };
    for (const [name, kind] of Object.entries(DERIVED_IDS) as Array<[keyof typeof DERIVED_IDS, (typeof DERIVED_IDS)[keyof typeof DERIVED_IDS]]>) {
      const id = derivedId(name, samples[name]);
      if (kind.reserved === null) {
        expect(reservedKind(id), name).toBeUndefined();
        continue;
      }
      expect(reservedKind(id), name).toBe(kind);
      // What the code derives from a derived id (a chat's session after /new, a course's lesson session) stays reserved.
      expect(reservedKind(`${id}-lesson-3`) ?? reservedKind(`${id}-lz4k2`), name).toBe(
        name === "user" || name === "conversation" || name === "keyed" ? undefined : kind,
      );
    }
  });

  it("reserves no id a caller plausibly names: a plain word with a dash stays free", () => {
    for (const id of ["session-1", "alice", "course-notes", "user-1", "mcp-ask-1", "my-tg-chat", "coursework-1", "sess-1"])
      expect(reservedKind(id), id).toBeUndefined();
  });
});
