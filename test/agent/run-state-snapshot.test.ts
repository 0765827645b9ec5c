// A run's state goes to another invocation as a snapshot: Maps and Sets come back as Maps and Sets, and
// a value changed in place (a Set added to after set()) shows in the next snapshot.
import { describe, expect, it } from "vitest";
import { RunState } from "../../src/agent/run-state";
import { FETCHED_URLS } from "../../src/tools";
import { LOADED_SKILLS_KEY } from "../../src/agent/context/loaded-skills";

describe("a run state's snapshot", () => {
  it("restores Maps, Sets and plain values as they were", () => {
    const state = new RunState();
    state.set(FETCHED_URLS, new Set(["https://a.example/", "https://b.example/x"]));
    state.set(LOADED_SKILLS_KEY, new Map([["tutor", { name: "tutor", args: "derivatives", content: '# Tutor\n{"$runState.map": 1}' }]]));
    state.set("revealedTools", new Set(["mcp__docs__search"]));

    const back = RunState.restore(state.snapshot());
    expect(back.get(FETCHED_URLS)).toEqual(new Set(["https://a.example/", "https://b.example/x"]));
    expect(back.get(LOADED_SKILLS_KEY)).toEqual(new Map([["tutor", { name: "tutor", args: "derivatives", content: '# Tutor\n{"$runState.map": 1}' }]]));
    expect(back.get("revealedTools")).toBeInstanceOf(Set);
    expect(back.snapshot()).toBe(state.snapshot());
  });

  it("changes when a value is changed in place, and its version when a key is set", () => {
    const state = new RunState();
    const urls = new Set<string>();
    state.set(FETCHED_URLS, urls);
    const before = { snapshot: state.snapshot(), version: state.version };
    urls.add("https://a.example/");
    expect(state.snapshot()).not.toBe(before.snapshot);
    expect(state.version).toBe(before.version);
    state.set(FETCHED_URLS, urls);
    expect(state.version).toBe(before.version + 1);
  });

  it("is empty for a run's first invocation", () => {
    expect(RunState.restore(null).snapshot()).toBe("{}");
    expect(RunState.restore(null).has(FETCHED_URLS)).toBe(false);
  });
});
