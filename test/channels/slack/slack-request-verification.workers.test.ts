import { describe, expect, it } from "vitest";
import { chatSettled } from "../../support/chat-settled";
import { platformCalls, waitFor } from "../../support/platform-control";
import { appMention, eventCallback, postSlack, TEAM_ID, uniqueChannel } from "../../support/slack-requests";

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe("POST /slack/events verifies Slack's signature", () => {
  it("answers url_verification with the challenge", async () => {
    const res = await postSlack({ token: "legacy", challenge: "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P", type: "url_verification" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ challenge: "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P" });
  });

  it("refuses a bad signature, a missing one and another secret's, without acting", async () => {
    const channel = uniqueChannel();
    const payload = eventCallback(appMention(channel, "hello"));
    const bad = await postSlack(payload, { signature: "v0=0000000000000000000000000000000000000000000000000000000000000000" });
    expect(bad.status).toBe(401);
    expect(await errorOf(bad)).toBe("bad_signature");
    const missing = await postSlack(payload, { signature: null });
    expect(missing.status).toBe(401);
    expect(await errorOf(missing)).toBe("missing_signature");
    expect((await postSlack(payload, { secret: "someone-else" })).status).toBe(401);
    // A signed message after them, answered once everything taken before it is done: they left nothing to answer.
    expect((await postSlack(eventCallback(appMention(channel, "/stop")))).status).toBe(200);
    await waitFor(async () => (await platformCalls("slack", channel)).length > 0, "the answer to the /stop after them");
    await chatSettled(`slack:${TEAM_ID}:${channel}`, 1);
    expect((await platformCalls("slack", channel)).map((c) => [c.method, c.body.text])).toEqual([["chat.postMessage", "Nothing is running."]]);
  });

  it("refuses a correctly signed request whose timestamp is more than 5 minutes old", async () => {
    const res = await postSlack({ type: "url_verification", challenge: "x" }, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toBe("stale_timestamp");
  });

  it("refuses a signed body that is not a Slack payload (400)", async () => {
    expect((await postSlack("just a string")).status).toBe(400);
    expect((await postSlack({ type: "event_callback", event: {} })).status).toBe(400);
  });
});
