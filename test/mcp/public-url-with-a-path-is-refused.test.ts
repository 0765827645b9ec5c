// PUBLIC_URL is the Worker's public origin. A path was accepted, and then OAuth kept only the origin (its
// redirect URI came back elsewhere) while the chats' lesson links kept the path, where the page cannot work
// (it loads its scripts and the API from `/`). Nothing works with a path: it is refused, naming PUBLIC_URL.
import { describe, expect, it } from "vitest";
import { lessonPageUrl } from "../../src/platforms/lesson-page-url";
import { configIssues } from "../support/config-issues";

describe("PUBLIC_URL", () => {
  it.each(["https://agent.example/base/", "https://agent.example/base", "https://agent.example/?x=1", "https://agent.example/#top"])(
    "%s is a config error naming it",
    (PUBLIC_URL) => {
      expect(configIssues({ PUBLIC_URL })).toEqual(["PUBLIC_URL: an origin: scheme://host[:port], no path"]);
    },
  );

  it("an origin, with or without its slash, loads, and a lesson link is under it", () => {
    for (const PUBLIC_URL of ["https://agent.example", "https://agent.example/", "http://localhost:8787"]) expect(configIssues({ PUBLIC_URL })).toEqual([]);
    expect(lessonPageUrl({ PUBLIC_URL: "https://agent.example/" }, "a.md", "tok")).toBe("https://agent.example/?lesson=a.md#share=tok");
  });
});
