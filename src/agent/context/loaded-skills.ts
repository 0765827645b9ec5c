// The skills loaded in a run, as the skills tool records them in `runState` (src/tools/skills.ts writes
// a Map<name, {name, args?, content}> under this key). Compaction keeps their text whole.
export const LOADED_SKILLS_KEY = "loadedSkills";

export interface LoadedSkill {
  name: string;
  content: string;
}

export function loadedSkills(runState: ReadonlyMap<string, unknown>): LoadedSkill[] {
  const recorded = runState.get(LOADED_SKILLS_KEY);
  if (!(recorded instanceof Map)) return [];
  return [...recorded.values()].flatMap((s: unknown) => {
    const skill = s as Partial<LoadedSkill> | null;
    return typeof skill?.name === "string" && typeof skill.content === "string" ? [{ name: skill.name, content: skill.content }] : [];
  });
}

/** Skills of `later` replace those of the same name in `earlier` (a skill loaded again with other arguments). */
export function mergeSkills(earlier: readonly LoadedSkill[], later: readonly LoadedSkill[]): LoadedSkill[] {
  const byName = new Map(earlier.map((s) => [s.name, s]));
  for (const s of later) byName.set(s.name, s);
  return [...byName.values()];
}
