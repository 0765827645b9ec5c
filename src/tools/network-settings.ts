// The address rule every outbound fetch obeys (ssrf.ts): the tools', webhooks' and MCP's alike.
import * as z from "zod";
import { bool } from "../lib/setting-types";
import { settingsLoader } from "../lib/settings-loader";

export const NetworkSettings = z.object({
  /** Lets fetches reach loopback and private addresses (local tests only). */
  ALLOW_PRIVATE_FETCH: bool(false),
});

export const networkSettings = settingsLoader(NetworkSettings);
