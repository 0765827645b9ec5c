// Where the web page shows a lesson (`/?lesson=<key>` opens it in the reader, its math rendered): the chats
// link there for formulas they cannot show. Needs PUBLIC_URL, the Worker's public origin; without it, none.
import type { Config } from "../config";

export function lessonPageUrl(config: Pick<Config, "PUBLIC_URL">, key: string): string | undefined {
  return config.PUBLIC_URL ? `${config.PUBLIC_URL.replace(/\/+$/, "")}/?lesson=${encodeURIComponent(key)}` : undefined;
}
