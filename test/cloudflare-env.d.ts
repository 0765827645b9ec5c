// Types for `import { env, exports } from "cloudflare:workers"` in tests that run inside workerd,
// and for Vite's `?raw` imports of fixtures.
/// <reference types="vite/client" />
type WorkerEnv = import("../src/env").Env;

declare namespace Cloudflare {
  interface GlobalProps {
    mainModule: typeof import("../src/index");
    durableNamespaces: "SessionObject";
  }
  interface Env extends WorkerEnv {}
}
