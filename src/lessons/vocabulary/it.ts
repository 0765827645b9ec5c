// Italian lesson headings, in the words of Italian textbooks (Riepilogo, Scelta multipla, Soluzioni).
import type { LessonVocabulary } from "./types";

export const italian: LessonVocabulary = {
  language: "it",
  name: "Italiano",
  direction: "ltr",
  chapter: ["Capitolo {n}", "Unità {n}"],
  sections: {
    objectives: ["Obiettivi di apprendimento", "Obiettivi"],
    keyConcepts: ["Concetti chiave"],
    explanation: ["Spiegazione"],
    whyItMatters: ["Perché è importante"],
    coreContent: ["Contenuto essenziale", "Contenuti essenziali"],
    formulaOrCode: ["Formula o codice", "Formula", "Formule", "Codice"],
    commonMistakes: ["Errori comuni", "Errori frequenti"],
    example: ["Esempio svolto", "Esempio", "Esempi"],
    summary: ["Riepilogo", "In sintesi", "Sintesi"],
    furtherQuestions: ["Per approfondire", "Domande di approfondimento"],
    exercises: ["Esercizi"],
    answerKey: ["Soluzioni", "Risposte", "Chiave delle risposte"],
    sources: ["Fonti", "Bibliografia", "Riferimenti"],
  },
  exercise: ["Esercizio"],
  exerciseTypes: {
    multiple_choice: ["Scelta multipla", "Risposta multipla"],
    fill_in: ["Completamento", "Completa"],
    short_answer: ["Risposta breve", "Risposta aperta"],
    practice: ["Attività pratica", "Compito pratico"],
  },
  labels: {
    answer: ["Risposta", "Risposta corretta", "Soluzione"],
    accepted: ["Risposte accettate", "Accettate anche", "Accettato"],
    explanation: ["Spiegazione", "Motivazione"],
    concepts: ["Concetti"],
  },
  or: ["o", "oppure"],
  and: ["e", "ed"],
  answerLeads: ["la risposta corretta è", "la risposta è", "risposta", "è"],
  choiceLeads: ["opzione", "l'opzione", "lettera", "penso sia", "scelgo", "scelgo la", "forse", "probabilmente"],
  articles: ["il", "lo", "la", "i", "gli", "le", "l'", "un", "uno", "una"],
  numbers: ["zero", "uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci"],
  decimalComma: true,
};
