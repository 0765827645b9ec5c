// Requests made truly concurrent at their session: a SESSIONS binding (laid over the test env, agentClient's
// `bindings`) through which no run starts until `count` different requests have reached the session object,
// each with its look at where it continues (continuationOf) or its start (startRun). Their checks are then all
// made before any of their runs exists, whatever the order the Worker happened to run them in.
import { env } from "cloudflare:workers";
import { script } from "./model-control";
import { agentClient } from "./openai-client";
import { uniqueId } from "./worker-http";

type SessionStub = ReturnType<typeof env.SESSIONS.getByName>;

/** The binding; `input` tells the requests apart (both calls carry the request's input as their second argument). */
export function startsHeldTogether(count: number): { SESSIONS: { getByName(name: string): SessionStub } } {
  const arrived = new Set<unknown>();
  let release = () => {};
  const together = new Promise<void>((resolve) => (release = resolve));
  const arrive = (input: unknown) => {
    arrived.add(input);
    if (arrived.size >= count) release();
  };
  const held = (stub: SessionStub): SessionStub =>
    new Proxy(stub, {
      get(target, name) {
        if (name === "continuationOf")
          return async (...args: Parameters<SessionStub["continuationOf"]>) => {
            const at = await target.continuationOf(...args);
            arrive(args[1]);
            return at;
          };
        if (name === "startRun")
          return async (...args: Parameters<SessionStub["startRun"]>) => {
            arrive(args[1]);
            await together;
            return target.startRun(...args);
          };
        // Called on the stub itself: it has no `bind` or `apply` of its own (every name is a remote method).
        const value: unknown = Reflect.get(target, name);
        return typeof value === "function" ? (...args: unknown[]) => Reflect.apply(value, target, args) : value;
      },
    });
  return { SESSIONS: { getByName: (name) => held(env.SESSIONS.getByName(name)) } };
}

/** Two tabs' questions, and the first response both continue: its id and session, and the script key both tabs' answers ("Noted.") come from. */
export async function responseTwoTabsContinue(): Promise<{
  key: string;
  marker: string;
  responseId: string;
  session: string | null;
  inputs: [string, string];
}> {
  const key = uniqueId("k");
  const marker = await script(key, [{ text: "Let's study." }, { text: "Noted." }, { text: "Noted." }]);
  const first = await agentClient()
    .responses.create({ model: "study-agent", input: `${marker} Start` })
    .withResponse();
  return {
    key,
    marker,
    responseId: first.data.id,
    session: first.response.headers.get("x-session-id"),
    inputs: ["TAB-A: my exam is on Friday", "TAB-B: what did I tell you?"],
  };
}
