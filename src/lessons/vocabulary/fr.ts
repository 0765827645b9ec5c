// French lesson headings, in the words of French textbooks (À retenir, QCM, Texte à trous, Corrigé).
import type { LessonVocabulary } from "./types";

export const french: LessonVocabulary = {
  language: "fr",
  name: "Français",
  direction: "ltr",
  chapter: ["Chapitre {n}"],
  sections: {
    objectives: ["Objectifs", "Objectifs d'apprentissage"],
    keyConcepts: ["Notions clés", "Concepts clés"],
    explanation: ["Explication", "Explications"],
    whyItMatters: ["Pourquoi c'est important", "Pourquoi est-ce important"],
    coreContent: ["Contenu essentiel", "Notions essentielles"],
    formulaOrCode: ["Formule ou code", "Formule", "Formules", "Code"],
    commonMistakes: ["Erreurs fréquentes", "Erreurs courantes", "Pièges à éviter"],
    example: ["Exemple résolu", "Exemple", "Exemples"],
    summary: ["À retenir", "Résumé", "Synthèse"],
    furtherQuestions: ["Pour aller plus loin", "Questions d'approfondissement"],
    exercises: ["Exercices"],
    answerKey: ["Corrigé", "Corrigés", "Réponses"],
    sources: ["Sources", "Références", "Bibliographie"],
  },
  exercise: ["Exercice"],
  exerciseTypes: {
    multiple_choice: ["QCM", "Choix multiple", "Question à choix multiple"],
    fill_in: ["Texte à trous", "À compléter", "Compléter"],
    short_answer: ["Réponse courte", "Question courte"],
    practice: ["Mise en pratique", "Tâche pratique", "Exercice pratique"],
  },
  labels: {
    answer: ["Réponse", "Bonne réponse"],
    accepted: ["Réponses acceptées", "Également accepté", "Accepté"],
    explanation: ["Explication", "Justification"],
    concepts: ["Notions", "Concepts"],
  },
  or: ["ou"],
  and: ["et"],
  answerLeads: ["la bonne réponse est", "la réponse est", "réponse", "c'est"],
  choiceLeads: ["option", "l'option", "choix", "lettre", "je pense que c'est", "je choisis", "je choisis la", "peut-être", "probablement"],
  articles: ["le", "la", "les", "l'", "un", "une"],
  numbers: ["zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix"],
  decimalComma: true,
};
