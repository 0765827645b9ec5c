// A date-time field in an MCP server's question, on the real page (Chromium, a fake /v1). The Worker checks the
// answer against the schema (@cfworker/json-schema), whose date-time is RFC 3339 with an offset; the page's
// datetime-local field gave "2024-05-01T10:00", which it refuses, and dropped the server's default, which that
// field cannot hold. Now the default is shown in this browser's time, and the value sent is the moment picked
// with its offset (UTC), which the same check takes.
import { Validator } from "@cfworker/json-schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askByKeyboard } from "../support/page-rig";
import { FAKE_SESSION, openPageOnFakeApi, sendEvents, type PageOnFakeApi } from "../support/page-on-fake-api";

const INPUT = `/v1/sessions/${FAKE_SESSION}/inputs/inp_1`;
const SCHEMA = {
  type: "object",
  properties: {
    when: { type: "string", format: "date-time", title: "When", default: "2024-05-01T10:00:00Z" },
    until: { type: "string", format: "date-time", title: "Until" },
  },
  required: ["when", "until"],
} as const;
let opened: PageOnFakeApi;

describe("a date-time field in an MCP server's question", () => {
  beforeAll(async () => {
    opened = await openPageOnFakeApi({
      [`/v1/sessions/${FAKE_SESSION}/runs`]: (_req, res) =>
        sendEvents(res, [
          { event: "run.started", data: { runId: "run_1" }, id: 1 },
          { event: "input.required", data: { inputId: "inp_1", server: "calendar", message: "When?", requestedSchema: SCHEMA }, id: 2 },
        ]),
      [INPUT]: (_req, res) =>
        void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ inputId: "inp_1", runId: "run_1", pendingInputs: 0 })),
      [`/v1/sessions/${FAKE_SESSION}/runs/run_1/stream`]: (_req, res) =>
        sendEvents(res, [{ event: "run.completed", data: { runId: "run_1", status: "completed", output: "Booked.", steps: 2 }, id: 3 }]),
    });
  }, 60_000);
  afterAll(() => opened?.close());

  it("shows the default and sends RFC 3339 date-times the server's check takes", async () => {
    const page = opened.page;
    // A zone off UTC by a half hour: local time and UTC differ in the hour and the minutes.
    await (await page.context().newCDPSession(page)).send("Emulation.setTimezoneOverride", { timezoneId: "Asia/Kolkata" });
    await askByKeyboard(page, "Book it");
    const when = page.getByLabel("When (required)");
    // The default, as this browser's local time.
    const localDefault = await page.evaluate(() => {
      const d = new Date("2024-05-01T10:00:00Z");
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    });
    expect(localDefault).toBe("2024-05-01T15:30");
    expect(await when.inputValue()).toMatch(new RegExp(`^${localDefault}(:00)?$`));
    await page.getByLabel("Until (required)").fill("2024-05-01T11:30");
    await page.getByRole("button", { name: "Accept" }).click();
    await expect.poll(() => page.locator(".message.assistant .run-meta").textContent()).toMatch(/^Done/);

    const [sent] = opened.posts(INPUT).map((r) => JSON.parse(r.body));
    expect(sent).toEqual({
      action: "accept",
      content: { when: "2024-05-01T10:00:00.000Z", until: "2024-05-01T06:00:00.000Z" },
    });
    expect(new Validator(SCHEMA as never).validate(sent.content).valid).toBe(true);
  });
});
