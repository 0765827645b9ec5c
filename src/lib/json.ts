// A JSON value, as a type: what crosses storage and RPC as data. (`unknown` does not: Workers RPC types
// it as never, which silently hides every field next to it.) Interfaces keep the recursion lazy, so
// RPC's type mapping does not expand it without end.
export type JsonValue = string | number | boolean | null | JsonArray | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}
export type JsonArray = JsonValue[];

/** A JSON object whose nested values are typed one level deep: Workers RPC maps it (a deep JsonValue is too deep for its type mapping). */
export type JsonRecord = { [key: string]: string | number | boolean | null | object };

/** A value as its JSON round trip: what a reader of the stored or sent copy gets. */
export function toJsonValue(value: unknown): JsonValue {
  const text = JSON.stringify(value);
  return text === undefined ? null : (JSON.parse(text) as JsonValue);
}

/** A value as a JSON object: a tool's arguments (an object by schema) or, for anything else, `{value}`. */
export function toJsonRecord(value: unknown): JsonRecord {
  const json = toJsonValue(value);
  return json !== null && typeof json === "object" && !Array.isArray(json) ? json : { value: json };
}
