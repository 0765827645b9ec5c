// Types of run-failures.js for the Worker's TypeScript (src/platforms/run-failure-phrases.ts).
export declare const RUN_FAILURES: Readonly<Record<string, string>>;

export function failureText(error: { code?: string; message?: string } | undefined, phrases?: Readonly<Record<string, string>>): string | undefined;
