// Code blocks coloured by highlight.js (its core and the languages lessons use, served from /vendor/):
// a block marked with a language it knows is highlighted, any other stays plain. highlight.js escapes
// the code it emits, so the block's text cannot become markup.
import hljs from "/vendor/highlight/core.min.js";
import bash from "/vendor/highlight/languages/bash.min.js";
import c from "/vendor/highlight/languages/c.min.js";
import cpp from "/vendor/highlight/languages/cpp.min.js";
import css from "/vendor/highlight/languages/css.min.js";
import java from "/vendor/highlight/languages/java.min.js";
import javascript from "/vendor/highlight/languages/javascript.min.js";
import json from "/vendor/highlight/languages/json.min.js";
import latex from "/vendor/highlight/languages/latex.min.js";
import python from "/vendor/highlight/languages/python.min.js";
import r from "/vendor/highlight/languages/r.min.js";
import sql from "/vendor/highlight/languages/sql.min.js";
import typescript from "/vendor/highlight/languages/typescript.min.js";
import xml from "/vendor/highlight/languages/xml.min.js";
import yaml from "/vendor/highlight/languages/yaml.min.js";

const LANGUAGES = { bash, c, cpp, css, java, javascript, json, latex, python, r, sql, typescript, xml, yaml };
for (const [name, grammar] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, grammar);

/** Highlights every `<pre><code class="language-…">` under `root` whose language is known. */
export function highlightCode(root) {
  for (const code of root.querySelectorAll('pre > code[class*="language-"]')) {
    const language = /language-([\w+#-]+)/.exec(code.className)?.[1]?.toLowerCase();
    if (!language || !hljs.getLanguage(language)) continue;
    code.innerHTML = hljs.highlight(code.textContent, { language, ignoreIllegals: true }).value;
    code.classList.add("hljs");
  }
}
