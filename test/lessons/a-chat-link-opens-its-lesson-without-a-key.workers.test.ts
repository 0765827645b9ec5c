// A chat's link to a lesson on the web page (its formulas rendered) opens it for the learner it is sent to,
// who has no API key: the lesson is the bot's tenant's, and GET /v1/lessons/:key answered them 401 or 404.
// Each lesson now has a share token from its first save (an overwrite keeps it), the chats' link carries it
// in its fragment, and GET /v1/shared-lessons/:key reads that lesson, and only it, with the token alone.
// POST /v1/lessons/:key/share gives it to whoever may read the lesson, writing one for an older lesson.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ChatSender } from "../../src/delivery/chat-sender";
import { createApp } from "../../src/http/app";
import type { ChatPlatform, LessonFile, PlatformShapes } from "../../src/platforms/chat-platform";
import { lessonPageLink } from "../../src/platforms/lesson-page-url";
import { objectKey } from "../../src/lessons/store";
import es from "../../skills/knowledge-compiler/languages/es.md?raw";
import { script } from "../support/model-control";
import { tenantApp } from "../support/tenant-app";
import { uniqueId } from "../support/worker-http";

/** The Spanish language sheet's sample lesson. */
const SPANISH = /```markdown\n([\s\S]*?)```/.exec(es)![1]!;
const closed = { ...env, API_TOKEN: "shared-lesson-admin-token" };
/** A request with no key at all, to a deployment that wants one. */
const anonymous = (path: string, headers: Record<string, string> = {}) =>
  createApp().fetch(new Request(`https://agent.example.com${path}`, { headers }), closed, createExecutionContext());
const shareOf = async (key: string) => (await env.LESSONS.head(objectKey(key)))?.customMetadata?.share;

/** A platform that only records the lessons it is asked to send. */
function recordingPlatform(sent: LessonFile[]) {
  return {
    send: async (to: unknown) => to,
    sendLesson: async (_to: unknown, lesson: LessonFile) => void sent.push(lesson),
  } as unknown as ChatPlatform<PlatformShapes>;
}

describe("a chat's link to a lesson", () => {
  it("carries the lesson's share token, which reads that lesson alone, without a key", async () => {
    const tenants = { a: uniqueId("share-a"), b: uniqueId("share-b") };
    const as = tenantApp(tenants);
    const filename = uniqueId("limits");
    const save = (overwrite: boolean) => ({
      name: "save_document",
      args: { filename, title: "Límites", topic: "math", content: SPANISH, overwrite },
    });
    const marker = await script(uniqueId("share"), [{ toolCalls: [save(false)] }, { text: "Guardada." }, { toolCalls: [save(true)] }, { text: "Otra vez." }]);
    const session = uniqueId("share-session");
    expect((await as("a", "POST", `/v1/sessions/${session}/runs`, { input: `${marker} guarda la lección` })).status).toBe(200);
    const key = `${filename}.md`;
    const share = await shareOf(key);
    expect(share).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // The chats send it, and the link to the page carries it in its fragment.
    const sent: LessonFile[] = [];
    await new ChatSender(recordingPlatform(sent), env.LESSONS).sendLessons({ platform: "telegram" }, [key]);
    expect(sent[0]).toMatchObject({ key, share, language: "es" });
    const link = await lessonPageLink({ ...env, PUBLIC_URL: "https://study.example/" }, sent[0]!, true);
    expect(link?.url).toBe(`https://study.example/?lesson=${key}#share=${share}`);

    // With the token alone: that lesson, and nothing else of the API.
    const read = await anonymous(`/v1/shared-lessons/${key}`, { "x-lesson-share": share! });
    expect(read.status).toBe(200);
    expect(read.headers.get("cache-control")).toBe("no-store");
    expect(await read.json()).toMatchObject({ key, title: "Límites", language: "es", markdown: SPANISH });
    expect((await anonymous(`/v1/shared-lessons/${key}`, { "x-lesson-share": `${share}x` })).status).toBe(404);
    expect((await anonymous(`/v1/shared-lessons/${key}`)).status).toBe(400);
    expect((await anonymous(`/v1/lessons/${key}`, { "x-lesson-share": share! })).status).toBe(401);

    // Whoever may read the lesson gets the same token; another tenant does not; an overwrite keeps it.
    expect(await (await as("a", "POST", `/v1/lessons/${key}/share`)).json()).toEqual({ key, share });
    expect((await as("b", "POST", `/v1/lessons/${key}/share`)).status).toBe(404);
    expect((await as("a", "POST", `/v1/sessions/${session}/runs`, { input: `${marker} otra vez` })).status).toBe(200);
    expect(await shareOf(key)).toBe(share);
  });

  it("of a lesson saved before share links: the token is written when asked for, the lesson otherwise unchanged", async () => {
    const key = `${uniqueId("older")}.md`;
    const customMetadata = { title: "Older", topic: "math", session: "s-old", bytes: "5", status: "final", createdAt: "2026-01-01T00:00:00.000Z" };
    await env.LESSONS.put(objectKey(key), "# Old", { httpMetadata: { contentType: "text/markdown; charset=utf-8" }, customMetadata });
    expect((await anonymous(`/v1/lessons/${key}/share`)).status).toBe(401);
    const res = await createApp().fetch(
      new Request(`https://agent.example.com/v1/lessons/${key}/share`, { method: "POST", headers: { authorization: `Bearer ${closed.API_TOKEN}` } }),
      closed,
      createExecutionContext(),
    );
    const { share } = (await res.json()) as { share: string };
    const stored = await env.LESSONS.get(objectKey(key));
    expect(stored?.customMetadata).toEqual({ ...customMetadata, share });
    expect(await stored?.text()).toBe("# Old");
    expect((await anonymous(`/v1/shared-lessons/${key}`, { "x-lesson-share": share })).status).toBe(200);
  });
});
