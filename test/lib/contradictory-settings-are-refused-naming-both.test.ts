// Two settings that contradict each other are refused, naming both, as PLAN_MAX_STEPS over TODO_MAX_ITEMS is:
// never one of them quietly adjusted. A page's default above its maximum was lowered to it, a request's images
// below a message's raised to them, a webhook retry's base above the longest wait dropped, and a result "shortened"
// to at least its threshold only marked.
import { describe, expect, it } from "vitest";
import { configIssues } from "../support/config-issues";

describe("contradictory settings", () => {
  it.each([
    [{ LIST_PAGE_DEFAULT_ITEMS: "5000", LIST_PAGE_MAX_ITEMS: "10" }, "LIST_PAGE_DEFAULT_ITEMS: is 5000, more than LIST_PAGE_MAX_ITEMS (10)"],
    [{ MAX_REQUEST_IMAGES: "1", MAX_IMAGES: "8", MAX_IMAGES_PER_CALL: "8" }, "MAX_IMAGES: is 8, more than MAX_REQUEST_IMAGES (1)"],
    [{ MAX_REQUEST_IMAGES: "2" }, "MAX_IMAGES: is 4, more than MAX_REQUEST_IMAGES (2)"],
    [{ WEBHOOK_RETRY_BASE_MS: "3600000", WEBHOOK_MAX_RETRY_DELAY_MS: "10" }, "WEBHOOK_RETRY_BASE_MS: is 3600000, more than WEBHOOK_MAX_RETRY_DELAY_MS (10)"],
    [{ MICRO_COMPACTION_KEEP_CHARS: "4000" }, "MICRO_COMPACTION_KEEP_CHARS: is 4000, not below MICRO_COMPACTION_MIN_CHARS (4000)"],
    [
      { MICRO_COMPACTION_KEEP_CHARS: "900", MICRO_COMPACTION_MIN_CHARS: "800" },
      "MICRO_COMPACTION_KEEP_CHARS: is 900, not below MICRO_COMPACTION_MIN_CHARS (800)",
    ],
  ])("%o is refused: %s", (env, issue) => {
    expect(configIssues(env).join("\n")).toContain(issue);
  });

  it("the pairs at their limits load", () => {
    expect(
      configIssues({
        LIST_PAGE_DEFAULT_ITEMS: "10",
        LIST_PAGE_MAX_ITEMS: "10",
        MAX_REQUEST_IMAGES: "4",
        WEBHOOK_RETRY_BASE_MS: "10",
        WEBHOOK_MAX_RETRY_DELAY_MS: "10",
        MICRO_COMPACTION_KEEP_CHARS: "799",
        MICRO_COMPACTION_MIN_CHARS: "800",
      }),
    ).toEqual([]);
  });
});
