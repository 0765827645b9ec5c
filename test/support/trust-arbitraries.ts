// fast-check generators for the trust boundaries the fuzz test (test/http/bad-input-fuzz.workers.test.ts)
// crosses: ids of the derived kinds no caller may create, and what a remote client sends to pass for a
// local one.
import fc from "fast-check";
import { derivedId } from "../../src/lib/derived-ids";

const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${n}}$`));

/** Ids of every reserved derived kind (src/lib/derived-ids.ts), with random parts as the code would derive them. */
export const reservedIdArb = fc.oneof(
  fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }).map((chat) => derivedId("telegram", chat)),
  fc.tuple(fc.stringMatching(/^T[A-Z0-9]{4,9}$/), fc.stringMatching(/^C[A-Z0-9]{4,9}$/)).map(([team, channel]) => derivedId("slack", `${team}-${channel}`)),
  fc.tuple(hex(12), fc.option(fc.integer({ min: 1, max: 99 }))).map(([h, n]) => `${derivedId("course", h)}${n === null ? "" : `-lesson-${n}`}`),
  fc.oneof(fc.uuid(), hex(32)).map((h) => derivedId("ephemeral", h)),
  fc.oneof(fc.uuid(), hex(32)).map((h) => derivedId("response", h)),
  hex(32).map((h) => derivedId("user", h)),
  hex(32).map((h) => derivedId("keyed", h)),
);

/** Addresses the runtime may report for a client that is not on this machine. */
export const remoteAddress = fc.oneof(
  fc.ipV4().filter((a) => !a.startsWith("127.")),
  fc.constantFrom("2001:db8::1", "::ffff:10.0.0.1", "fe80::1", "::2"),
);

/** What a client sends to pass for a local one: a loopback Host (or one a lax parser reads so), forwarding headers. */
export const spoofedHeaders = fc.record(
  {
    host: fc.constantFrom("localhost", "127.0.0.1", "[::1]", "localhost:8787", "evil.com#@localhost", "evil.com@localhost"),
    "x-forwarded-for": fc.constantFrom("127.0.0.1", "::1", "127.0.0.1, 10.0.0.1"),
    "x-real-ip": fc.constant("127.0.0.1"),
    forwarded: fc.constantFrom("for=127.0.0.1", 'for="[::1]"'),
    "true-client-ip": fc.constant("127.0.0.1"),
    "x-forwarded-host": fc.constant("localhost"),
  },
  { requiredKeys: [] },
);
