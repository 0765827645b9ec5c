// A course whose `deliver` must be refused: POSTed with a topic of its own, it is a 400 invalid_request and no course
// with that topic exists after. `deliverJson` is the `deliver` value as JSON text, so a number JavaScript cannot hold
// (9007199254740993) reaches the Worker as a client wrote it.
import { expect } from "vitest";
import { call, uniqueId } from "./worker-http";

/** The refusal's message. */
export async function refusedDelivery(deliverJson: string): Promise<string> {
  const topic = uniqueId("refused-target");
  const res = await call("/v1/courses", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: `{"topic": ${JSON.stringify(topic)}, "deliver": ${deliverJson}}`,
  });
  const { error } = (await res.json()) as { error: { code: string; message: string } };
  expect(res.status, error.message).toBe(400);
  expect(error.code).toBe("invalid_request");
  const list = (await (await call("/v1/courses")).json()) as { courses: Array<{ topic: string }> };
  expect(list.courses.some((c) => c.topic === topic)).toBe(false);
  return error.message;
}

/** `deliver` with one entry `{platform, to}`, `to` as JSON text. */
export const oneTarget = (platform: string, toJson: string) => `[{"platform": "${platform}", "to": ${toJson}}]`;
