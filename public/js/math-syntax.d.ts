// Types of math-syntax.js for the Worker's TypeScript (src/lessons/markdown-dialect.ts).
import type { TokenizerAndRendererExtension } from "marked";

export function mathExtensions(render: (tex: string, display: boolean, block: boolean) => string): TokenizerAndRendererExtension[];
