// Types for `import { env, exports } from "cloudflare:workers"` in tests that run inside workerd.
declare namespace Cloudflare {
  interface GlobalProps {
    mainModule: typeof import("../src/index");
    durableNamespaces: "SessionObject";
  }
  interface Env extends import("../src/env").Env {}
}
