// Types of run-notices.js for the Worker's TypeScript (src/platforms/run-notice-phrases.ts).
export function noticeText(
  notice: { code?: string; message?: string; server?: string } | undefined,
  phrases: Readonly<Record<string, string>>,
): string | undefined;
