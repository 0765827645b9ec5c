// patches/linkedom: an element's className is read from its class attribute and kept per attribute
// text, instead of building its class list and joining it on every read (Readability reads it for every
// element it scores). It must stay what linkedom's class list gives: each token once, in order, joined
// by one space, through every way the class changes. The parser leaves the attribute as written (a
// browser does too): building a class list for every element while parsing was a quarter of a parse.
import { DOMParser } from "linkedom";
import { describe, expect, it } from "vitest";

type El = {
  className: string;
  outerHTML: string;
  getAttribute(n: string): string | null;
  classList: Iterable<string> & { add(...t: string[]): void; remove(...t: string[]): void };
  setAttribute(n: string, v: string): void;
  removeAttribute(n: string): void;
};

const PAGE = `<!doctype html><html><head></head><body>
<p id="spaces" class="  lead   story  ">a</p>
<p id="tabs" class="lead\tstory\nwide">b</p>
<p id="twice" class="lead story lead">c</p>
<p id="none">d</p>
<p id="empty" class="">e</p>
</body></html>`;

describe("an element's className", () => {
  it("is its class list's tokens, each once, joined by one space, however the class changes", () => {
    const doc = new DOMParser().parseFromString(PAGE, "text/html") as unknown as { getElementById(id: string): El };
    const el = (id: string) => doc.getElementById(id);
    const list = (e: El) => [...e.classList].join(" ");

    expect(el("spaces").className).toBe("lead story");
    expect(el("tabs").className).toBe("lead story wide");
    expect(el("twice").className).toBe("lead story");
    expect(el("none").className).toBe("");
    expect(el("empty").className).toBe("");
    for (const id of ["spaces", "tabs", "twice", "none", "empty"]) expect(el(id).className, id).toBe(list(el(id)));

    const e = el("spaces");
    e.classList.add("extra");
    expect(e.className).toBe("lead story extra");
    e.classList.remove("lead");
    expect(e.className).toBe("story extra");
    e.setAttribute("class", "  x  y x ");
    expect(e.className).toBe("x y");
    e.className = "one two";
    expect(e.className).toBe("one two");
    e.removeAttribute("class");
    expect(e.className).toBe("");
    expect(e.className).toBe(list(e));
  });

  it("stays as written in the parsed page, while every reader sees its tokens", () => {
    const doc = new DOMParser().parseFromString(PAGE, "text/html") as unknown as {
      getElementById(id: string): El;
      querySelectorAll(s: string): ArrayLike<El>;
    };
    const tabs = doc.getElementById("tabs");
    expect(tabs.outerHTML).toBe('<p id="tabs" class="lead\tstory\nwide">b</p>');
    expect(tabs.getAttribute("class")).toBe("lead story wide");
    expect([...tabs.classList]).toStrictEqual(["lead", "story", "wide"]);
    expect(Array.from(doc.querySelectorAll(".story")).map((e) => e.getAttribute("id"))).toStrictEqual(["spaces", "tabs", "twice"]);
    tabs.classList.add("more");
    expect(tabs.getAttribute("class")).toBe("lead story wide more");
    expect(tabs.outerHTML).toBe('<p id="tabs" class="lead story wide more">b</p>');
  });
});
