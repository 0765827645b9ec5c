// The chat platforms' webhooks, mounted together by the app: each registered platform's routes under
// /<name>/ (src/platforms/registry.ts), reaching its conversations through the ChatObject's door.
import { Hono } from "hono/tiny";
import type { AppEnv } from "../http-kit/app-env";
import { CHAT_PLATFORMS } from "../platforms/registry";
import { chatDoors } from "./chat-door";

export const platformRoutes = CHAT_PLATFORMS.reduce((app, p) => app.route(`/${p.name}`, p.routes(chatDoors)), new Hono<AppEnv>());
