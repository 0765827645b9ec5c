import { describe, expect, it } from "vitest";
import { slackSignature, verifySlackRequest } from "../../src/platforms/slack/slack-signature";

// Slack's documented example ("Verifying requests from Slack").
const secret = "8f742231b10e8888abcd99yyyzzz85a5";
const timestamp = "1531420618";
const body =
  "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c";
const expected = "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503";
const then = Number(timestamp) * 1000;

describe("Slack request signatures (v0)", () => {
  it("computes Slack's example vector", async () => {
    expect(await slackSignature(secret, timestamp, body)).toBe(expected);
  });

  it("verifies the example at its own time", async () => {
    expect(await verifySlackRequest({ signingSecret: secret, timestamp, signature: expected, rawBody: body, nowMs: then + 60_000 })).toEqual({ ok: true });
  });

  it("refuses a changed body, a wrong secret and a missing header", async () => {
    const base = { signingSecret: secret, timestamp, signature: expected, rawBody: body, nowMs: then };
    expect(await verifySlackRequest({ ...base, rawBody: `${body}&x=1` })).toEqual({ ok: false, reason: "bad_signature" });
    expect(await verifySlackRequest({ ...base, signingSecret: "other" })).toEqual({ ok: false, reason: "bad_signature" });
    expect(await verifySlackRequest({ ...base, signature: undefined })).toEqual({ ok: false, reason: "missing_signature" });
    expect(await verifySlackRequest({ ...base, timestamp: "soon" })).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("refuses timestamps more than 5 minutes away from the clock, either way", async () => {
    const base = { signingSecret: secret, timestamp, signature: expected, rawBody: body };
    expect(await verifySlackRequest({ ...base, nowMs: then + 301_000 })).toEqual({ ok: false, reason: "stale_timestamp" });
    expect(await verifySlackRequest({ ...base, nowMs: then - 301_000 })).toEqual({ ok: false, reason: "stale_timestamp" });
    expect(await verifySlackRequest({ ...base, nowMs: then + 299_000 })).toEqual({ ok: true });
  });
});
