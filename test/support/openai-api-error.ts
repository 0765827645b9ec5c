// The error an `openai` client call raised, for assertions on OpenAI's error classes and objects.
import OpenAI from "openai";

export async function apiErrorOf(p: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (e instanceof OpenAI.APIError) return e;
  throw new Error(`expected an APIError, got ${e === undefined ? "a success" : String(e)}`);
}
