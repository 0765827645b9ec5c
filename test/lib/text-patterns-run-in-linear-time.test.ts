// What replaced expressions that took time in the square of a run (of `=`, `.`, `/`, whitespace, `<`, scheme
// letters) gives what the old expression gave, kept here as the oracle, on many short random strings of the
// characters that matter; and the run that made the old one slow, 100,000 characters long, goes through quickly.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalHost } from "../../src/lib/canonical-host";
import { matchesGlob } from "../../src/lib/glob";
import { redactUrlCredentials } from "../../src/lib/redaction";
import { MAX_SLUG_LENGTH } from "../../src/lessons/store";
import { toolFilter } from "../../src/mcp/tool-filter";
import { packRef } from "../../src/openai-compatible/wire-ref";
import { slackChatMessage } from "../../src/platforms/slack/slack-event";
import { splitMessage } from "../../src/platforms/split-message";
import { htmlTags, htmlToPlain, packHtml } from "../../src/platforms/telegram/telegram-html";
import { appendBlock } from "../../src/tools/document-edits";
import { sanitizeFilename } from "../../src/tools/save-document";
import { endpoint } from "../../src/tools/web-search/provider";
import { long, quick, RUNS, textOf, unitsOf } from "../support/linear-time";

describe("redacting the credentials of URLs", () => {
  const OLD = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>\\]*(?:@[^\s/?#@"'<>\\]*)*@/gi;
  const old = (text: string) => text.replace(OLD, "$1[REDACTED]@");

  it("redacts exactly what the expression did", () => {
    const units = ["a", "Z", "1", "_", "+", ".", "-", ":", "/", "://", "@", " ", "\n", "?", "#", '"', "'", "<", ">", "\\", "é"];
    fc.assert(
      fc.property(textOf(...units), (s) => redactUrlCredentials(s) === old(s)),
      RUNS,
    );
    // Text shaped like URLs (a tenth of them hold userinfo): what stands before a scheme, the scheme, then an authority.
    const url = fc
      .tuple(
        unitsOf(3, "a", "Z", "1", "_", "+", "-", "é", " ", "/"),
        unitsOf(3, "a", "Z", "1", "+", ".", "-"),
        fc.constantFrom("://", "://", "://", ":/"),
        unitsOf(6, "u", ":", "@", "@", "@", "/", " ", "?", "#", '"', "'", "<", ">", "\\", "\n", "é"),
      )
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(
        fc.array(url, { maxLength: 4 }).map((urls) => urls.join("")),
        (s) => redactUrlCredentials(s) === old(s),
      ),
      RUNS,
    );
    const text = "x_a.b+http://u:p@h@host/p?q@x https://t@h Z+1://a@b";
    expect(redactUrlCredentials(text)).toBe(old(text));
    expect(redactUrlCredentials("see https://user:pw@example.org/x")).toBe("see https://[REDACTED]@example.org/x");
  });

  it("returns text without credentials as it is", () => {
    const text = "see https://example.org/a@b and ftp://host";
    expect(redactUrlCredentials(text)).toBe(text);
  });

  for (const [what, text, redacted] of [
    ["a run of scheme characters", long("A+"), long("A+")],
    ["a long scheme", `${long("a")}://u@h`, `${long("a")}://[REDACTED]@h`],
    ["URLs without userinfo", long("a://b "), long("a://b ")],
    ["empty authorities", long("a://"), long("a://")],
    ["URLs with userinfo", "a://u@".repeat(20_000), "a://[REDACTED]@".repeat(20_000)],
    ["an authority of @", `a://${long("@")}`, "a://[REDACTED]@"],
  ]) {
    it(`redacts ${what} 100,000 characters long quickly`, () => {
      expect(quick(() => redactUrlCredentials(text!))).toBe(redacted);
    });
  }
});

describe("Slack's markup as plain text", () => {
  const plain = (text: string) =>
    slackChatMessage({
      type: "event_callback",
      team_id: "T1",
      event_id: "E1",
      event: { type: "app_mention", user: "U1", channel: "C1", ts: "1.0", text, files: [{ url_private: "https://files/x" }] },
    })!.text;
  /** The old plainSlackText (a file without text keeps its empty text: the conversation asks about the file). */
  const old = (text: string) =>
    text
      .replace(/<@[A-Z0-9]+(?:\|[^>]*)?>/g, "")
      .replace(/<#[A-Z0-9]+\|([^>]*)>/g, "#$1")
      .replace(/<((?:https?|mailto):[^|>]+)(?:\|[^>]*)?>/g, "$1")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&")
      .trim();

  it("reads mentions, channels and links exactly as the expressions did, a `<` inside them included", () => {
    const units = ["<@U1", "<@U1|", "<#C1|", "<#C1", "<http://x", "<https:", "<mailto:a", "<", ">", "|", "x", "U", " ", "@", "#", ":", "&lt;", "&amp;"];
    fc.assert(
      fc.property(unitsOf(20, ...units), (s) => plain(s) === old(s)),
      RUNS,
    );
    const text = "hi <@U1|bob> see <#C2|general> and <https://x.org|x> or <mailto:a@b.c> <@U1|a<b> <#C1|<@U2>x>";
    expect(plain(text)).toBe(old(text));
  });

  // What each run followed by a ">" reads as: the expressions agree on a short run, and it takes them too long to ask on a long one.
  for (const [unit, read] of [
    ["<@0|", () => ""],
    ["<#0|", (text: string) => `#${text.slice(4, -1)}`],
    ["<http:o|", () => "http:o"],
    ["<", (text: string) => text],
    ["<@0", (text: string) => text.slice(0, -4)],
    ["<#0", (text: string) => text],
    ["<http:", (text: string) => text.slice(1, -1)],
  ] as const) {
    it(`reads ${JSON.stringify(unit)} repeated to 100,000 characters quickly, with or without a ">" after it`, () => {
      expect(read(`${unit.repeat(50)}>`)).toBe(old(`${unit.repeat(50)}>`));
      expect(quick(() => plain(long(unit)))).toBe(long(unit));
      expect(quick(() => plain(`${long(unit)}>`))).toBe(read(`${long(unit)}>`));
    });
  }
});

describe("Telegram's HTML", () => {
  const OLD_TAG = /<(\/?)([a-z]+)(?:\s[^>]*)?>/g;
  const oldTags = (html: string) => [...html.matchAll(OLD_TAG)].map((m) => ({ index: m.index, tag: m[0], close: m[1] === "/", name: m[2]! }));
  const oldPlain = (html: string) =>
    html
      .replace(/<[^>]*>/g, "")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&quot;", '"')
      .replaceAll("&amp;", "&");
  const units = ["<", ">", "<b", "</b", "<a ", "<a\t", "/", "b", "x", " ", "\n", "&amp;", "<b>", "</b>", '<a href="u">'];

  it("finds the tags the expression found, a `<` inside them included", () => {
    fc.assert(
      fc.property(textOf(...units), (s) => {
        expect(htmlTags(s)).toEqual(oldTags(s));
      }),
      RUNS,
    );
  });

  it("shows the text the expression left", () => {
    fc.assert(
      fc.property(textOf(...units), (s) => htmlToPlain(s) === oldPlain(s)),
      RUNS,
    );
  });

  // The tags of each run followed by a ">": as the expression finds them on a short run.
  for (const [unit, tags] of [
    ["<", () => []],
    ["</", () => []],
    ["<a\t", (html: string) => [{ index: 0, tag: html, close: false, name: "a" }]],
    ["<a ", (html: string) => [{ index: 0, tag: html, close: false, name: "a" }]],
  ] as const) {
    it(`reads ${JSON.stringify(unit)} repeated to 100,000 characters quickly, with or without a ">" after it`, () => {
      expect(tags(`${unit.repeat(50)}>`)).toEqual(oldTags(`${unit.repeat(50)}>`));
      const html = long(unit);
      expect(quick(() => htmlToPlain(html))).toBe(html);
      expect(quick(() => htmlToPlain(`${html}>`))).toBe("");
      expect(quick(() => htmlTags(html))).toEqual([]);
      expect(quick(() => htmlTags(`${html}>`))).toEqual(tags(`${html}>`));
      expect(quick(() => packHtml([html], 4096)).every((message) => message.length <= 4096)).toBe(true);
    });
  }
});

describe("trimming runs at the ends", () => {
  it("drops a host's trailing dots as the expression did", () => {
    const old = (hostname: string) => {
      const stripped = hostname.replace(/\.+$/, "");
      if (stripped === hostname || stripped === "") return hostname;
      try {
        return new URL(`http://${stripped}/`).hostname;
      } catch {
        return stripped;
      }
    };
    fc.assert(
      fc.property(textOf(".", "a", "1", "-"), (s) => canonicalHost(s) === old(s)),
      RUNS,
    );
    expect(quick(() => canonicalHost(`${long(".")}\u0000.`))).toBe(`${long(".")}\u0000`);
  });

  it("drops a base URL's trailing slashes as the expression did", () => {
    fc.assert(
      fc.property(textOf("/", "a", ":"), (s) => endpoint(s, "/p") === `${s.replace(/\/+$/, "")}/p`),
      RUNS,
    );
    expect(quick(() => endpoint(`${long("/")}\u0000/`, "/p"))).toBe(`${long("/")}\u0000/p`);
  });

  it("leaves no base64 padding on a ref, as the expression did", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }), (parts) => {
        const bytes = new TextEncoder().encode(parts.join("/"));
        const old = btoa(String.fromCharCode(...bytes))
          .replaceAll("+", "-")
          .replaceAll("/", "_")
          .replace(/=+$/, "");
        return packRef("r_", parts) === `r_${old}`;
      }),
      { numRuns: 2_000 },
    );
  });

  it("drops trailing whitespace, all that \\s matches, before cutting a message and between blocks", () => {
    const blanks = [" ", "\t", "\n", "\r", "\v", "\f", "\u00a0", "\u1680", "\u2000", "\u2028", "\u2029", "\u202f", "\u3000", "\ufeff", "\u180e", "\u200b"];
    fc.assert(
      fc.property(textOf(...blanks, "a"), (s) => s.trimEnd() === s.replace(/\s+$/, "")),
      RUNS,
    );
    const text = `${long("\t")}\u0000\t`;
    expect(
      quick(() => splitMessage(text, 4096))
        .at(-1)
        ?.endsWith("\t\u0000"),
    ).toBe(true);
    expect(quick(() => appendBlock(text, "x"))).toBe(`${long("\t")}\u0000\n\nx`);
  });

  it("slugs a filename as the expressions did", () => {
    const old = (filename: string) => {
      const ascii = filename
        .trim()
        .replace(/\.(?:md|markdown|txt|csv|json)$/i, "")
        .normalize("NFKD")
        .replace(/\p{M}/gu, "");
      const slug = ascii
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "");
      return slug.slice(0, MAX_SLUG_LENGTH).replace(/-+$/, "") || "document";
    };
    fc.assert(
      fc.property(textOf("-", "a", "B", "1", " ", ".", "/", "é", ".md"), (s) => sanitizeFilename(s) === old(s)),
      RUNS,
    );
    expect(quick(() => sanitizeFilename(`\u0000${long("-")}-\u0000`))).toBe("document");
  });
});

describe("glob patterns (permissions, webhooks' events, MCP tool filters)", () => {
  /** A glob as it was matched: an expression with `[\s\S]*` for each `*`, backtracking in time of the text to the power of the stars. */
  const oldGlob = (glob: string, text: string, ignoreCase: boolean) =>
    new RegExp(
      `^${[...glob].map((ch) => (ch === "*" ? "[\\s\\S]*" : ch === "?" ? "[\\s\\S]" : ch.replace(/[.+^${}()|[\]\\/]/g, "\\$&"))).join("")}$`,
      ignoreCase ? "iu" : "u",
    ).test(text);

  it("match exactly what the expressions matched, letter case counted or not", () => {
    const glob = unitsOf(8, "*", "?", "a", "b", "A", ".", "-", "é");
    const text = unitsOf(12, "a", "b", "A", "B", ".", "-", "é", "É", "😀", "\n");
    fc.assert(
      fc.property(glob, text, fc.boolean(), (g, t, ignoreCase) => matchesGlob(g, t, ignoreCase) === oldGlob(g, t, ignoreCase)),
      RUNS,
    );
  });

  it("match an argument of 100,000 characters against several stars quickly", () => {
    expect(quick(() => matchesGlob("*a*b", long("a")))).toBe(false);
    expect(quick(() => matchesGlob("*a*a*a*b", long("a")))).toBe(false);
    expect(quick(() => matchesGlob("notes/*.md*x", `notes/${long("a.md")}`, true))).toBe(false);
    expect(quick(() => matchesGlob("notes/*.md*", `notes/${long("a.md")}`, true))).toBe(true);
  });

  it("filter an MCP server's tools by name with the same globs", () => {
    const offered = toolFilter({ allowTools: ["get_*", "search_?"], denyTools: ["*_admin"] });
    expect(["get_page", "get_admin", "search_x", "search_xy", "delete"].filter(offered)).toEqual(["get_page", "search_x"]);
    expect(quick(() => offered(long("get_a")))).toBe(true);
  });
});
