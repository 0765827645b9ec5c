// The scripted model replies of a course's runs: the syllabus it plans, and a lesson run (save_document,
// then the summary that gets delivered). No workerd imports: the wrangler dev tests use them too.
export const SYLLABUS_REPLY = { text: "Here is the plan:\n1. What a vector is\n2. **Adding vectors**\n3) The dot product" };
export const SYLLABUS = ["What a vector is", "Adding vectors", "The dot product"];

export const lessonMarkdown = (title: string) =>
  `# Vectors — ${title}\n\n## Chapter 1: ${title}\n\n### Objectives\n- Explain ${title.toLowerCase()}.\n\n### Summary\nA vector has a size and a direction.\n`;

/** A lesson run: the model saves the lesson under `filename`, then writes the summary that is delivered. */
export function lessonReplies(filename: string, title: string) {
  return [
    { toolCalls: [{ name: "save_document", args: { filename, title: `Vectors — ${title}`, topic: "vectors", content: lessonMarkdown(title) } }] },
    { text: `Today: ${title}. You will be able to draw and compare vectors.` },
  ];
}
