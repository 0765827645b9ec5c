// Runs in /diagram.html, the sandboxed frame public/js/diagrams.js opens when a lesson has a mermaid block.
// The frame's origin is opaque and its policy lets it load nothing and reach nobody, so mermaid's inline
// styles (which the page's policy refuses) and whatever a diagram's text tries stay in here. It answers
// each `{id, source}` with `{id, svg, title, description}` — the SVG as well-formed XML with its own size,
// ready to be shown as an image — or with `{id, error}` when mermaid cannot read the source.
"use strict";

// htmlLabels: false draws labels as SVG text, not HTML in a foreignObject, which an image may not show.
mermaid.initialize({ startOnLoad: false, securityLevel: "strict", htmlLabels: false, flowchart: { htmlLabels: false } });

let rendered = 0;

/** mermaid's SVG as standalone XML, sized by its viewBox (mermaid's own width is "100%" of a container). */
function standalone(svgMarkup) {
  const svg = new DOMParser().parseFromString(svgMarkup, "text/html").querySelector("svg");
  const [, , width, height] = (svg.getAttribute("viewBox") ?? "").split(/[\s,]+/).map(Number);
  if (width > 0 && height > 0) {
    svg.setAttribute("width", String(Math.ceil(width)));
    svg.setAttribute("height", String(Math.ceil(height)));
    svg.style.removeProperty("max-width");
  }
  const text = (selector) => svg.querySelector(`:scope > ${selector}`)?.textContent.trim() || undefined;
  return { svg: new XMLSerializer().serializeToString(svg), title: text("title"), description: text("desc") };
}

async function render({ id, source }) {
  try {
    const { svg } = await mermaid.render(`diagram-${++rendered}`, source);
    return { id, ...standalone(svg) };
  } catch (e) {
    return { id, error: e instanceof Error ? e.message : String(e) };
  }
}

addEventListener("message", (event) => {
  const request = event.data;
  if (event.source !== parent || typeof request?.id !== "string" || typeof request.source !== "string") return;
  void render(request).then((reply) => event.source.postMessage(reply, event.origin));
});
parent.postMessage({ ready: true }, "*");
