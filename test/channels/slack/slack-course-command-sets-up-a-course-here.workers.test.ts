// "/course <topic>" on Slack, as on Telegram: it sets up a daily course whose lessons are delivered to the
// channel (here a DM) it was asked in, and says so; without a topic it says how to ask. Before, Slack
// answered /course as an unknown command.
import { afterEach, describe, expect, it } from "vitest";
import { confirmedCourse, SYLLABUS, SYLLABUS_REPLY } from "../../support/course-fixtures";
import { script } from "../../support/model-control";
import { platformCalls, waitFor } from "../../support/platform-control";
import { directMessage, eventCallback, postSlack, uniqueChannel } from "../../support/slack-requests";
import { call, uniqueId } from "../../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

const posted = async (channel: string) =>
  (await platformCalls("slack", channel)).filter((c) => c.method === "chat.postMessage").map((c) => String(c.body.text));

describe("/course on Slack", () => {
  it("sets up a daily course delivered to this DM", async () => {
    const marker = await script(uniqueId("slack-course"), [SYLLABUS_REPLY]);
    const channel = uniqueChannel("D");
    await postSlack(eventCallback(directMessage(channel, `/course ${marker} Vectors`)));
    const [reply] = await waitFor(async () => {
      const t = await posted(channel);
      return t.length > 0 && t;
    }, "the confirmation");
    const course = await confirmedCourse(reply!);
    created.push(course.id);
    expect(course).toMatchObject({ deliver: [{ platform: "slack", to: channel }], syllabus: SYLLABUS });
  });

  it("without a topic says how to ask", async () => {
    const channel = uniqueChannel("D");
    await postSlack(eventCallback(directMessage(channel, "/course")));
    await waitFor(
      async () => (await posted(channel)).includes("Tell me the topic: /course &lt;topic&gt;, for example /course Spanish for travellers"),
      "the answer",
    );
  });
});
