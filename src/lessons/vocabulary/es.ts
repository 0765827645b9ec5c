// Spanish lesson headings, in the words of Spanish and Latin American textbooks (Solucionario, Opción múltiple).
import type { LessonVocabulary } from "./types";

export const spanish: LessonVocabulary = {
  language: "es",
  name: "Español",
  direction: "ltr",
  chapter: ["Capítulo {n}", "Tema {n}", "Unidad {n}"],
  sections: {
    objectives: ["Objetivos de aprendizaje", "Objetivos"],
    keyConcepts: ["Conceptos clave", "Conceptos fundamentales"],
    explanation: ["Explicación", "Desarrollo"],
    whyItMatters: ["Por qué es importante", "Por qué importa"],
    coreContent: ["Contenido esencial", "Contenido principal"],
    formulaOrCode: ["Fórmula o código", "Fórmula", "Fórmulas", "Código"],
    commonMistakes: ["Errores comunes", "Errores frecuentes"],
    example: ["Ejemplo resuelto", "Ejemplo", "Ejemplos"],
    summary: ["Resumen"],
    furtherQuestions: ["Para profundizar", "Preguntas para profundizar", "Preguntas adicionales"],
    exercises: ["Ejercicios", "Actividades"],
    answerKey: ["Solucionario", "Respuestas", "Soluciones", "Clave de respuestas"],
    sources: ["Fuentes", "Referencias", "Bibliografía"],
  },
  exercise: ["Ejercicio", "Actividad"],
  exerciseTypes: {
    multiple_choice: ["Opción múltiple", "Selección múltiple"],
    fill_in: ["Completar", "Completa el espacio", "Rellenar el espacio en blanco"],
    short_answer: ["Respuesta corta", "Respuesta breve"],
    practice: ["Tarea práctica", "Práctica"],
  },
  labels: {
    answer: ["Respuesta", "Respuesta correcta", "Solución"],
    accepted: ["También se acepta", "Respuestas aceptadas", "Aceptadas"],
    explanation: ["Explicación", "Justificación"],
    concepts: ["Conceptos"],
  },
  or: ["o", "u"],
  and: ["y", "e"],
  answerLeads: ["la respuesta correcta es", "la respuesta es", "respuesta", "es"],
  choiceLeads: ["opción", "letra", "alternativa", "creo que es", "creo que la", "elijo", "elijo la", "quizás", "quizá", "tal vez", "probablemente"],
  articles: ["el", "la", "los", "las", "un", "una"],
  numbers: ["cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez"],
  decimalComma: true,
};
