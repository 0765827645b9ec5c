// A URL setting names something fetched (OPENAI_BASE_URL, SEARCH_BASE_URL) or linked to (PUBLIC_URL): any other
// scheme was accepted, and the first run then failed as the model being unreachable. Refused by name instead.
import { describe, expect, it } from "vitest";
import { configIssues } from "../support/config-issues";

describe("URL settings", () => {
  it.each(["OPENAI_BASE_URL", "SEARCH_BASE_URL", "PUBLIC_URL"])("%s with another scheme is a config error naming it", (name) => {
    for (const url of ["ftp://models.example/v1", "javascript:alert(1)", "file:///etc/passwd"])
      expect(configIssues({ [name]: url }), url).toEqual([`${name}: must be an http or https URL`]);
  });

  it("http and https load", () => {
    expect(configIssues({ OPENAI_BASE_URL: "http://127.0.0.1:11434/v1", SEARCH_BASE_URL: "https://search.example" })).toEqual([]);
  });
});
