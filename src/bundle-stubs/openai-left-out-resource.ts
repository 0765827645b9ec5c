// A placeholder for an `openai` client resource the Worker never calls (openai-resources.ts,
// openai-subresources.ts): the client constructs it, and any property read throws NotBundledError.
import { NotBundledError } from "./not-bundled";

export function leftOutResource(resource: string) {
  return class {
    constructor() {
      return new Proxy(this, {
        get(_target, key): never {
          throw new NotBundledError(
            `openai's client.${resource}.${String(key)}`,
            "the Worker bundles only chat.completions.create and responses.create (src/bundle-stubs/openai-resources.ts)",
          );
        },
      });
    }
  };
}
