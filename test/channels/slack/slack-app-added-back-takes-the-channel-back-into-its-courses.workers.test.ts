// A Slack channel a course gave up (the app was removed: channel_not_found) is taken back when the app is added
// to it again: Slack's member_joined_channel naming the app's own user (the callback's authorizations) resumes
// every course that gave the channel up, and one message in the channel says which go on, in the courses'
// language (English when they record none). Before, the event was not read and the course stayed stopped until
// someone used PATCH /v1/courses/:id or the page's Resume button. The event is taken once: Slack's retry of it,
// even after the channel was given up again, neither resumes nor posts. Another member joining, and the app
// joining a channel no course gave up, take nothing back and say nothing.
import { afterEach, describe, expect, it } from "vitest";
import chatPhrases from "../../../public/i18n/chat-phrases.json";
import { getCourse, stoppedCourse } from "../../support/course-fixtures";
import { tick } from "../../support/course-tick";
import { failNextCalls, platformCalls, waitFor } from "../../support/platform-control";
import { appMention, eventCallback, memberJoinedChannel, postSlack, uniqueChannel } from "../../support/slack-requests";
import { fill } from "../../../src/lib/phrase-book";
import { call } from "../../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

/** A stopped Slack course (course-fixtures.ts), deleted after the test. */
async function givenUp(name: string, at: string, spec: Record<string, unknown> = {}) {
  const course = await stoppedCourse(name, at, spec);
  created.push(course.id);
  return { ...course, topic: (await getCourse(course.id)).topic };
}

/** The messages posted in the channel itself (not in a thread), as Slack shows their text. */
const channelPosts = async (channel: string) =>
  (await platformCalls("slack", channel))
    .filter((c) => c.method === "chat.postMessage" && !c.body.thread_ts && !/lesson \d of 3/.test(String(c.body.text)))
    .map((c) => String(c.body.text));

/** Posts `event` to the channel's conversation, acknowledged like any event. */
async function post(payload: unknown): Promise<void> {
  expect((await postSlack(payload)).status).toBe(200);
}

/**
 * Waits until everything posted to `channel` before now was handled: the conversation works in arrival order, so
 * the answer to a /stop mention posted after it comes once the events before it are done.
 */
async function settled(channel: string): Promise<void> {
  const mention = appMention(channel, "/stop");
  await post(eventCallback(mention));
  await waitFor(async () => (await platformCalls("slack", channel)).some((c) => c.body.thread_ts === mention.ts), "the /stop answer");
}

const stoppedAgain = (id: string) => waitFor(async () => (await getCourse(id)).lastError?.code === "no_reachable_target", "the course stopped again");

describe("the Slack app added back to a channel", () => {
  it("takes the channel back into its course and says so in the channel, once", async () => {
    const { id, channel, topic } = await givenUp("slack-join-resumes", "2037-01-05T08:00:00Z");
    expect((await getCourse(id)).stopped).toMatchObject([{ target: `slack:${channel}` }]);

    const joined = eventCallback(memberJoinedChannel(channel));
    await post(joined);
    const [note] = await waitFor(async () => {
      const posts = await channelPosts(channel);
      return posts.length > 0 && posts;
    }, "the note");
    expect(note).toBe(fill(chatPhrases.en.courseResumedNow, { topic }));
    expect(await getCourse(id)).toMatchObject({ stopped: [], lastError: null, status: "active" });

    // Given up again (removed again), then Slack retries the old event: taken before, so nothing is resumed or said.
    await failNextCalls("slack", channel, 1, { description: "channel_not_found" });
    await tick("2037-01-05T09:00:00Z");
    await stoppedAgain(id);
    expect((await postSlack(joined, { headers: { "x-slack-retry-num": "1", "x-slack-retry-reason": "http_timeout" } })).status).toBe(200);
    await settled(channel);
    expect(await channelPosts(channel)).toHaveLength(1);
    expect((await getCourse(id)).stopped).toMatchObject([{ target: `slack:${channel}` }]);
  });

  it("says it in the course's language", async () => {
    const { id, channel, topic } = await givenUp("slack-join-es", "2037-02-05T08:00:00Z", { language: "es" });
    await post(eventCallback(memberJoinedChannel(channel)));
    const [note] = await waitFor(async () => {
      const posts = await channelPosts(channel);
      return posts.length > 0 && posts;
    }, "the note");
    expect(note).toBe(fill(chatPhrases.es.courseResumedNow, { topic }));
    expect(await getCourse(id)).toMatchObject({ stopped: [], lastError: null });
  });

  it("takes nothing back when another member joins", async () => {
    const { id, channel, topic } = await givenUp("slack-join-person", "2037-03-05T08:00:00Z");
    await post(eventCallback(memberJoinedChannel(channel, "U0LEARNER")));
    await settled(channel);
    expect(await channelPosts(channel)).toEqual([]);
    expect((await getCourse(id)).stopped).toMatchObject([{ target: `slack:${channel}` }]);

    // The app's own join does.
    await post(eventCallback(memberJoinedChannel(channel)));
    await waitFor(async () => (await channelPosts(channel)).includes(fill(chatPhrases.en.courseResumedNow, { topic })), "the note");
    expect((await getCourse(id)).stopped).toEqual([]);
  });

  it("says nothing in a channel no course gave up", async () => {
    const { id, channel, topic } = await givenUp("slack-join-elsewhere", "2037-04-05T08:00:00Z");
    const other = uniqueChannel();
    await post(eventCallback(memberJoinedChannel(other)));
    await settled(other);
    expect(await channelPosts(other)).toEqual([]);
    expect((await getCourse(id)).stopped).toMatchObject([{ target: `slack:${channel}` }]);

    await post(eventCallback(memberJoinedChannel(channel)));
    await waitFor(async () => (await channelPosts(channel)).includes(fill(chatPhrases.en.courseResumedNow, { topic })), "the note");
    expect(await channelPosts(other)).toEqual([]);
  });
});
