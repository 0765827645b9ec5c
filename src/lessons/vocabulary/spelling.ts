// How the lesson check writes what it wants in the lesson's language, for its findings: a heading, an exercise
// type, a chapter or exercise heading, a key label; in the lesson's script (`tag`, lessonLanguageTag) for Chinese.
import { wordFor } from "../lesson-language-tag";
import { english } from "./en";
import type { ExerciseType, KeyLabel, LessonVocabulary, SectionName } from "./types";

/**
 * How a heading is written in the lesson's language, for findings: `### Objetivos` (Objectives). `tag` is the
 * lesson's (lessonLanguageTag): a Traditional Chinese lesson is told `### 學習目標`, not the Simplified first word.
 */
export function spelling(name: SectionName, level: number, language: LessonVocabulary = english, tag = language.language): string {
  const own = `\`${"#".repeat(level)} ${wordFor(tag, language, language.sections[name])}\``;
  return language === english ? own : `${own} (${english.sections[name][0]})`;
}

/** An exercise type's canonical name in the lesson's language: `Opción múltiple` (Multiple choice). */
export function typeSpelling(type: ExerciseType, language: LessonVocabulary = english, tag = language.language): string {
  const own = wordFor(tag, language, language.exerciseTypes[type]);
  return language === english ? own : `${own} (${english.exerciseTypes[type][0]})`;
}

/** `## Capítulo 2: {title}` in the lesson's language. */
export function chapterSpelling(n: number, language: LessonVocabulary = english, tag = language.language): string {
  return `## ${wordFor(tag, language, language.chapter).replace("{n}", String(n))}: {title}`;
}

/** `#### Ejercicio 2.K ({type})` in the lesson's language; with `type`, its name there, and none for "". */
export function exerciseSpelling(id: string, level: number, language: LessonVocabulary = english, tag = language.language, type?: ExerciseType | ""): string {
  const typeWord = type === undefined ? "{type}" : type && wordFor(tag, language, language.exerciseTypes[type]);
  return `${"#".repeat(level)} ${wordFor(tag, language, language.exercise)} ${id}${typeWord ? ` (${typeWord})` : ""}`;
}

/** `**Respuesta:**` in the lesson's language. */
export const labelSpelling = (label: KeyLabel, language: LessonVocabulary = english, tag = language.language): string =>
  `**${wordFor(tag, language, language.labels[label])}:**`;
