// German lesson headings, in the words of German textbooks (Lernziele, Lückentext, Lösungen).
import type { LessonVocabulary } from "./types";

export const german: LessonVocabulary = {
  language: "de",
  name: "Deutsch",
  direction: "ltr",
  chapter: ["Kapitel {n}"],
  sections: {
    objectives: ["Lernziele", "Ziele"],
    keyConcepts: ["Grundbegriffe", "Schlüsselbegriffe", "Zentrale Begriffe"],
    explanation: ["Erklärung", "Erläuterung"],
    whyItMatters: ["Warum das wichtig ist", "Warum es wichtig ist"],
    coreContent: ["Kerninhalt", "Kerninhalte"],
    formulaOrCode: ["Formel oder Code", "Formel", "Formeln", "Code"],
    commonMistakes: ["Häufige Fehler", "Typische Fehler"],
    example: ["Beispiel", "Beispiele", "Musterbeispiel", "Rechenbeispiel"],
    summary: ["Zusammenfassung", "Das Wichtigste in Kürze"],
    furtherQuestions: ["Weiterführende Fragen", "Zum Weiterdenken"],
    exercises: ["Übungen", "Aufgaben", "Übungsaufgaben"],
    answerKey: ["Lösungen", "Lösungsschlüssel"],
    sources: ["Quellen", "Literatur", "Quellenverzeichnis"],
  },
  exercise: ["Aufgabe", "Übung"],
  exerciseTypes: {
    multiple_choice: ["Multiple Choice", "Auswahlaufgabe"],
    fill_in: ["Lückentext", "Lückenaufgabe"],
    short_answer: ["Kurzantwort", "Kurze Antwort"],
    practice: ["Praxisaufgabe", "Anwendungsaufgabe"],
  },
  labels: {
    answer: ["Lösung", "Antwort", "Richtige Antwort"],
    accepted: ["Ebenfalls richtig", "Auch richtig", "Akzeptiert"],
    explanation: ["Erklärung", "Begründung"],
    concepts: ["Begriffe", "Konzepte"],
  },
  or: ["oder"],
  and: ["und"],
  answerLeads: ["die richtige antwort ist", "die antwort ist", "die lösung ist", "antwort", "es ist"],
  choiceLeads: ["option", "antwortmöglichkeit", "buchstabe", "ich denke", "ich wähle", "vielleicht", "wahrscheinlich"],
  articles: ["der", "die", "das", "den", "dem", "ein", "eine", "einen"],
  numbers: ["null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf"],
  decimalComma: true,
};
