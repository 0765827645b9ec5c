// patches/linkedom: a selector that is a list of tag names ("p,td,pre", which Readability asks for on
// every block) is matched by name instead of through css-select. It must find what css-select finds:
// the same elements in document order, names compared whatever their case (Readability makes upper-case
// <P> elements), template content left out, and nothing for a name that is not there.
import { DOMParser } from "linkedom";
import { describe, expect, it } from "vitest";

const PAGE = `<!doctype html><html><head><title>t</title></head><body>
<DIV id="a"><p id="b">one <span id="c">two</span></p><Section id="d"><p id="e">three</p></Section></DIV>
<template><p id="hidden">template content</p></template>
<custom-card id="f"><pre id="g">code</pre></custom-card><td-like id="h"></td-like>
</body></html>`;

type El = { id: string; localName: string };
const ids = (list: ArrayLike<El>) => Array.from(list, (e) => e.id || e.localName);

describe("a query for a list of tag names", () => {
  it("finds what css-select finds, in document order", () => {
    const doc = new DOMParser().parseFromString(PAGE, "text/html") as unknown as {
      body: { querySelectorAll(s: string): ArrayLike<El>; appendChild(n: unknown): void };
      createElement(name: string): El;
    };
    const made = doc.createElement("P");
    made.id = "made";
    doc.body.appendChild(made);
    // `:is(x)` is the same selector through css-select (the patch only takes plain lists of names).
    for (const tags of ["p", "p,span", "div, section ,pre", "P,SPAN", "custom-card,td-like", "td", "img,video"]) {
      const byName = ids(doc.body.querySelectorAll(tags));
      const bySelect = ids(
        doc.body.querySelectorAll(
          tags
            .split(",")
            .map((t) => `:is(${t.trim()})`)
            .join(","),
        ),
      );
      expect(byName, tags).toEqual(bySelect);
    }
    expect(ids(doc.body.querySelectorAll("p"))).toEqual(["b", "e", "made"]);
    expect(ids(doc.body.querySelectorAll("div,span,p"))).toEqual(["a", "b", "c", "e", "made"]);
  });
});
