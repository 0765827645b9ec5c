// Bearer auth for /v1/* when API_TOKEN is set; open when it is not (local development).
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { HttpError } from "./errors";
import { timingSafeEqualStrings } from "../lib/timing-safe";

export const bearerAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = c.get("config").API_TOKEN;
  if (token) {
    const header = c.req.header("authorization") ?? "";
    const given = header.startsWith("Bearer ") ? header.slice(7) : "";
    if (!given || !(await timingSafeEqualStrings(given, token))) {
      throw new HttpError(401, "unauthorized", "A valid Authorization: Bearer <API_TOKEN> header is required.");
    }
  }
  await next();
};
