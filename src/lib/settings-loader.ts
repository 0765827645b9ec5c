// Settings are declared by the feature that owns them, as a zod slice (src/*/settings.ts), and read through
// a loader over the slices a caller needs: a Durable Object or a route parses what it reads, once per env
// object, and src/config.ts is the same loader over every slice (the whole documented configuration).
import * as z from "zod";
import { ConfigError, describeIssues } from "./config-error";

/** A feature's settings: an object schema over env names (refinements and preprocessing allowed). */
export type SettingsSlice = z.ZodObject | z.ZodPreprocess<z.ZodObject>;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** The typed settings of several slices together. */
export type SettingsOf<S extends readonly SettingsSlice[]> = UnionToIntersection<z.output<S[number]>>;

/** The env names a slice reads. */
export function shapeOf(slice: SettingsSlice): z.ZodRawShape {
  return "shape" in slice ? slice.shape : slice.out.shape;
}

/** The Worker's env as the strings settings are parsed from; bindings (class instances) are left out. */
export function envStrings(env: object): Record<string, string> {
  const strings: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") strings[k] = String(v);
    // JSON vars of wrangler.toml (MCP_SERVERS, PERMISSIONS, WEBHOOKS) arrive as objects. A TOML table cannot
    // give a key twice; a string var can, and its JSON setting refuses that (src/lib/json-syntax-error.ts).
    else if (Array.isArray(v) || (v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype)) strings[k] = JSON.stringify(v);
  }
  return strings;
}

/** Parses the slices from `env`; every issue of every slice, or ConfigError. */
export function parseSettings<S extends readonly SettingsSlice[]>(slices: S, env: object): SettingsOf<S> {
  const strings = envStrings(env);
  const issues: string[] = [];
  const merged: Record<string, unknown> = {};
  for (const slice of slices) {
    const parsed = slice.safeParse(strings);
    if (parsed.success) Object.assign(merged, parsed.data);
    else issues.push(...describeIssues(parsed.error.issues));
  }
  if (issues.length) throw new ConfigError([...new Set(issues)]);
  return merged as SettingsOf<S>;
}

/** A loader of the slices' settings that parses once per env object (the Worker's env lives as long as its isolate). */
export function settingsLoader<S extends readonly SettingsSlice[]>(...slices: S): (env: object) => SettingsOf<S> {
  const cache = new WeakMap<object, SettingsOf<S>>();
  return (env) => {
    let settings = cache.get(env);
    if (!settings) cache.set(env, (settings = parseSettings(slices, env)));
    return settings;
  };
}
