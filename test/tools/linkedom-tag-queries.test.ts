// patches/linkedom takes two tag-name queries Readability makes on every block off their slow paths.
// A selector that is a list of tag names ("p,td,pre") is matched by name instead of through css-select:
// it must find what css-select finds, the same elements in document order, names compared whatever
// their case (Readability makes upper-case <P> elements), template content left out. And
// getElementsByTagName skips the upper-cased comparison for a name that cannot match through it: it
// must find what the library's own rule finds.
import { DOMParser } from "linkedom";
import { describe, expect, it } from "vitest";

const PAGE = `<!doctype html><html><head><title>t</title></head><body>
<DIV id="a"><p id="b">one <span id="c">two</span></p><Section id="d"><p id="e">three</p></Section></DIV>
<template><p id="hidden">template content</p></template>
<custom-card id="f"><pre id="g">code</pre></custom-card><td-like id="h"></td-like>
</body></html>`;

type El = { id: string; localName: string };
type Tree = El & { children: ArrayLike<Tree> };
type Body = Tree & { querySelectorAll(s: string): ArrayLike<El>; getElementsByTagName(s: string): ArrayLike<El>; appendChild(n: unknown): void };
const ids = (list: ArrayLike<El>) => Array.from(list, (e) => e.id || e.localName);

/** PAGE's body, with an element made the way Readability makes one (`createElement("P")`, upper case) at its end. */
function pageBody(): Body {
  const doc = new DOMParser().parseFromString(PAGE, "text/html") as unknown as { body: Body; createElement(name: string): El };
  const made = doc.createElement("P");
  made.id = "made";
  doc.body.appendChild(made);
  return doc.body;
}

describe("a query for tag names", () => {
  it("as a selector list finds what css-select finds, in document order", () => {
    const body = pageBody();
    // `:is(x)` is the same selector through css-select (the patch only takes plain lists of names).
    for (const tags of ["p", "p,span", "div, section ,pre", "P,SPAN", "custom-card,td-like", "td", "img,video"]) {
      const byName = ids(body.querySelectorAll(tags));
      const bySelect = ids(
        body.querySelectorAll(
          tags
            .split(",")
            .map((t) => `:is(${t.trim()})`)
            .join(","),
        ),
      );
      expect(byName, tags).toEqual(bySelect);
    }
    expect(ids(body.querySelectorAll("p"))).toEqual(["b", "e", "made"]);
    expect(ids(body.querySelectorAll("div,span,p"))).toEqual(["a", "b", "c", "e", "made"]);
  });

  it("by getElementsByTagName finds what the library's rule finds: the name as it is, or in upper case", () => {
    const body = pageBody();
    // Every element below the body in document order, template content included (as getElementsByTagName has it).
    const everything: El[] = [];
    const walk = (parent: { children: ArrayLike<Tree> }) => {
      for (const child of Array.from(parent.children)) {
        everything.push(child);
        walk(child);
      }
    };
    walk(body);
    // linkedom's rule, unpatched: `localName === name || localCase(element) === name` (upper case in HTML).
    const byRule = (name: string) => ids(everything.filter((e) => e.localName === name || e.localName.toUpperCase() === name));
    for (const name of ["p", "P", "div", "DIV", "Div", "section", "SECTION", "custom-card", "CUSTOM-CARD", "td-like", "img"]) {
      expect(ids(body.getElementsByTagName(name)), name).toEqual(byRule(name));
    }
    expect(ids(body.getElementsByTagName("p"))).toEqual(["b", "e", "hidden"]);
    expect(ids(body.getElementsByTagName("P"))).toEqual(["b", "e", "hidden", "made"]);
  });
});
