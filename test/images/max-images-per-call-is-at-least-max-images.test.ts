// MAX_IMAGES_PER_CALL (how many images one model call shows) defaults to 4, MAX_IMAGES's default, and may
// not be set below MAX_IMAGES: a message's images go to the model together, so a call showing fewer would
// hide some of the newest. The configuration says so by name instead.
import { describe, expect, it } from "vitest";
import { imageSettings } from "../../src/images/settings";
import { configIssues } from "../support/config-issues";

describe("MAX_IMAGES_PER_CALL", () => {
  it("is 4 by default, and may be set from MAX_IMAGES up", () => {
    expect(imageSettings({})).toMatchObject({ MAX_IMAGES: 4, MAX_IMAGES_PER_CALL: 4 });
    expect(configIssues({ MAX_IMAGES: "2", MAX_IMAGES_PER_CALL: "2" })).toEqual([]);
    expect(configIssues({ MAX_IMAGES_PER_CALL: "8" })).toEqual([]);
  });

  it("below MAX_IMAGES is refused, naming both", () => {
    expect(configIssues({ MAX_IMAGES: "6" })).toContain("MAX_IMAGES_PER_CALL: must be at least MAX_IMAGES (6): a message's images are shown together");
    expect(configIssues({ MAX_IMAGES_PER_CALL: "1" })).toContain("MAX_IMAGES_PER_CALL: must be at least MAX_IMAGES (4): a message's images are shown together");
  });
});
