// The whole configuration: every feature's settings slice (declared by the feature that owns it, in its
// settings.ts or with its registry entry), merged. Only the composition roots import this file (src/index.ts,
// src/http/app.ts), to check the configuration before serving; a feature or a Durable Object reads its
// own slices through its own loader. Every setting has a name, a default and a doc line in README.md or docs/.
import * as z from "zod";
import { CourseSettings } from "./courses/settings";
import { HttpSettings } from "./http-kit/settings";
import { ImageSettings } from "./images/settings";
import { LearningSettings } from "./learning/settings";
import { settingsLoader, shapeOf, type SettingsOf, type SettingsSlice } from "./lib/settings-loader";
import { McpServerSettings } from "./mcp-server/settings";
import { ConversationSettings } from "./openai-compatible/conversations/settings";
import { BOT_TENANTS, PLATFORM_SLICES } from "./platforms/registry";
import { SESSION_SLICES } from "./session/settings";
import { warnUnreadSettings } from "./lib/unread-settings";

export { ConfigError } from "./lib/config-error";

/** HTTP's slice with the one rule that needs the platforms: no key of API_KEYS may act for a bot's own tenant. */
const HttpSettingsBesideBots = HttpSettings.superRefine(({ API_KEYS }, ctx) => {
  API_KEYS.forEach(({ tenant }, i) => {
    // Such a key would own every chat's sessions and learners.
    if (BOT_TENANTS.includes(tenant))
      ctx.addIssue({
        code: "custom",
        path: ["API_KEYS", i, "tenant"],
        message: `${BOT_TENANTS.join(" and ")} are the bots' own tenants; give the key another`,
      });
  });
});

/** Names no slice reads any more, and what to do instead (README.md, "Configuration", says why). */
const RETIRED: Record<string, string> = {
  HOOK_MAX_ATTEMPTS: "retired; set WEBHOOK_RETRY_FOR_MS",
  HOOK_RETRY_BASE_MS: "retired; set WEBHOOK_RETRY_BASE_MS",
  RETRY_WINDOW_MS: "retired; remove it",
};

/**
 * Reads nothing: warns of the vars no slice reads (src/lib/unread-settings.ts) as HOOKS' rename is warned of,
 * while the configuration is parsed, so once per env object (every request while a setting is invalid).
 */
const UnreadSettings = z.preprocess((vars) => {
  warnUnreadSettings(vars as Record<string, string>, Object.keys(ConfigSchema.shape), RETIRED);
  return vars;
}, z.object({}));

const CONFIG_SLICES = [
  HttpSettingsBesideBots,
  CourseSettings,
  LearningSettings,
  McpServerSettings,
  ImageSettings,
  ConversationSettings,
  ...SESSION_SLICES,
  ...PLATFORM_SLICES,
] satisfies SettingsSlice[];

/** Every configuration name, for the docs check (test/project/config-documented.test.ts); a name belongs to one slice. */
export const ConfigSchema = z.object(Object.assign({}, ...CONFIG_SLICES.map(shapeOf)));

export type Config = SettingsOf<typeof CONFIG_SLICES>;

/** Parses every slice from the Worker's env, once per env object; a bad value throws ConfigError naming the variable, never its value. */
export const loadConfig: (env: object) => Config = settingsLoader(UnreadSettings, ...CONFIG_SLICES);

/** Names declared by more than one slice: a feature's setting must have one owner. */
export function settingsDeclaredTwice(): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const slice of new Set(CONFIG_SLICES)) for (const name of Object.keys(shapeOf(slice))) (seen.has(name) ? twice : seen).add(name);
  return [...twice];
}
