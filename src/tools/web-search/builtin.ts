// web_search as a built-in tool: its settings (SEARCH_*) and its factory.
import * as z from "zod";
import { int, optionalString, optionalUrl } from "../../lib/setting-types";
import { settingsLoader } from "../../lib/settings-loader";
import type { BuiltinTool } from "../builtin-tool";
import { networkSettings } from "../network-settings";
import { createWebSearchTool, WEB_SEARCH_SIGNATURE } from ".";

export const WebSearchSettings = z
  .object({
    SEARCH_PROVIDER: z.enum(["duckduckgo", "searxng", "tavily", "brave"]).default("duckduckgo"),
    SEARCH_BASE_URL: optionalUrl,
    SEARCH_API_KEY: optionalString,
    SEARCH_TIMEOUT_MS: int(10_000, 100),
  })
  .superRefine((s, ctx) => {
    if (s.SEARCH_PROVIDER === "searxng" && !s.SEARCH_BASE_URL) {
      ctx.addIssue({ code: "custom", path: ["SEARCH_BASE_URL"], message: "SEARCH_PROVIDER=searxng needs SEARCH_BASE_URL" });
    }
    if ((s.SEARCH_PROVIDER === "tavily" || s.SEARCH_PROVIDER === "brave") && !s.SEARCH_API_KEY) {
      ctx.addIssue({ code: "custom", path: ["SEARCH_API_KEY"], message: `SEARCH_PROVIDER=${s.SEARCH_PROVIDER} needs SEARCH_API_KEY` });
    }
  });

const webSearchSettings = settingsLoader(WebSearchSettings);

export const webSearch: BuiltinTool = {
  signature: WEB_SEARCH_SIGNATURE,
  settings: WebSearchSettings,
  scope: "isolate",
  create(env) {
    const s = webSearchSettings(env);
    return createWebSearchTool({
      provider: s.SEARCH_PROVIDER,
      baseUrl: s.SEARCH_BASE_URL,
      apiKey: s.SEARCH_API_KEY,
      timeoutMs: s.SEARCH_TIMEOUT_MS,
      allowPrivate: networkSettings(env).ALLOW_PRIVATE_FETCH,
    });
  },
};
