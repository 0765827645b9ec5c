// The skills loaded in a run, as the skills tool records them in the run state (src/tools/skills.ts
// writes name → {name, args?, content} under this key). Compaction keeps their text whole.
import type { RunState } from "../run-state";

export const LOADED_SKILLS_KEY = "loadedSkills";

export interface LoadedSkill {
  name: string;
  /** The arguments it was loaded with, if any. */
  args?: string;
  content: string;
}

declare module "../run-state" {
  interface RunStateVars {
    [LOADED_SKILLS_KEY]: Map<string, LoadedSkill>;
  }
}

export function loadedSkills(runState: RunState): LoadedSkill[] {
  return [...(runState.get(LOADED_SKILLS_KEY)?.values() ?? [])].map(({ name, content }) => ({ name, content }));
}

/** Skills of `later` replace those of the same name in `earlier` (a skill loaded again with other arguments). */
export function mergeSkills(earlier: readonly LoadedSkill[], later: readonly LoadedSkill[]): LoadedSkill[] {
  const byName = new Map(earlier.map((s) => [s.name, s]));
  for (const s of later) byName.set(s.name, s);
  return [...byName.values()];
}
