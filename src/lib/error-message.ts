// What went wrong, as text, whatever was thrown: an Error's message, else the value itself.
export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));
