// Trimming runs of given characters from a string's ends in time linear in the string: an expression
// such as /=+$/ starts again at each character of a long run, in time in the square of the run's length.

/** `text` without the characters of `chars` at its end. */
export function trimEndChars(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/** `text` without the characters of `chars` at its start. */
export function trimStartChars(text: string, chars: string): string {
  let start = 0;
  while (start < text.length && chars.includes(text[start]!)) start++;
  return text.slice(start);
}

/** `text` without the characters of `chars` at either end. */
export const trimChars = (text: string, chars: string): string => trimStartChars(trimEndChars(text, chars), chars);
