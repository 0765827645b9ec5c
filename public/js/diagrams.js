// ```mermaid blocks drawn as diagrams. mermaid is large and writes inline styles, which the page's
// Content-Security-Policy refuses, so it never runs here: the first block opens /diagram (public/diagram.html) in a frame
// sandboxed to an opaque origin (public/js/diagram-frame.js), which loads mermaid (securityLevel
// "strict") and sends back each diagram as SVG. The SVG is shown as an image (a data: URL), where no
// script runs and nothing is fetched, with the diagram's title (accTitle, accDescr) or its source as
// alt text. A page without such a block loads none of it. Until a diagram is drawn, and for good if
// mermaid cannot read it, the block stays what marked made it: its source, as code.
import { t } from "./i18n.js";

const BLOCKS = "pre > code.language-mermaid";

/** The renderer frame, once it says it is ready; opened on first use and kept for the next lessons. */
let renderer;
const waiting = new Map();
let requests = 0;

function openRenderer() {
  renderer ??= new Promise((resolve) => {
    const frame = document.createElement("iframe");
    frame.className = "diagram-renderer";
    frame.title = t("diagramRenderer");
    frame.tabIndex = -1;
    frame.setAttribute("aria-hidden", "true");
    frame.setAttribute("sandbox", "allow-scripts");
    addEventListener("message", (event) => {
      if (event.source !== frame.contentWindow || typeof event.data !== "object" || event.data === null) return;
      if (event.data.ready) return resolve(frame.contentWindow);
      waiting.get(event.data.id)?.(event.data);
      waiting.delete(event.data.id);
    });
    frame.src = "/diagram";
    document.body.append(frame);
  });
  return renderer;
}

async function draw(source) {
  const frame = await openRenderer();
  const id = `d${++requests}`;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    frame.postMessage({ id, source }, "*");
  });
}

/** What the diagram says, for those who cannot see it: its title and description when it has them, else its source. */
function altText({ title, description }, source) {
  return [title, description].filter(Boolean).join(". ") || t("diagram", { source: source.trim() });
}

/** Replaces each mermaid block under `root` by its diagram as it arrives; a block mermaid refuses stays as source. */
export function drawDiagrams(root) {
  for (const code of root.querySelectorAll(BLOCKS)) {
    const source = code.textContent;
    void draw(source).then((reply) => {
      const block = code.parentElement;
      // The lesson may have been closed or replaced meanwhile.
      if (!block?.isConnected) return;
      if (reply.error || !reply.svg) {
        block.classList.add("diagram-error");
        block.title = t("notDrawn", { why: reply.error ?? t("noDiagram") });
        return;
      }
      const figure = document.createElement("figure");
      figure.className = "diagram";
      const image = document.createElement("img");
      image.alt = altText(reply, source);
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(reply.svg)}`;
      figure.append(image);
      block.replaceWith(figure);
    });
  }
}
