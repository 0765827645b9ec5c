// Portuguese lesson headings (Brazil and Portugal), in the words of their textbooks (Gabarito, Múltipla escolha).
import type { LessonVocabulary } from "./types";

export const portuguese: LessonVocabulary = {
  language: "pt",
  name: "Português",
  direction: "ltr",
  chapter: ["Capítulo {n}", "Unidade {n}"],
  sections: {
    objectives: ["Objetivos de aprendizagem", "Objetivos"],
    keyConcepts: ["Conceitos-chave", "Conceitos principais", "Conceitos fundamentais"],
    explanation: ["Explicação"],
    whyItMatters: ["Por que é importante", "Porque é importante", "Por que isso importa"],
    coreContent: ["Conteúdo essencial", "Conteúdo principal"],
    formulaOrCode: ["Fórmula ou código", "Fórmula", "Fórmulas", "Código"],
    commonMistakes: ["Erros comuns", "Erros frequentes"],
    example: ["Exemplo resolvido", "Exemplo", "Exemplos"],
    summary: ["Resumo"],
    furtherQuestions: ["Para ir além", "Questões para aprofundar", "Para saber mais"],
    exercises: ["Exercícios", "Atividades"],
    answerKey: ["Gabarito", "Respostas", "Soluções"],
    sources: ["Fontes", "Referências", "Bibliografia"],
  },
  exercise: ["Exercício", "Atividade", "Questão"],
  exerciseTypes: {
    multiple_choice: ["Múltipla escolha", "Escolha múltipla"],
    fill_in: ["Preencha a lacuna", "Complete a lacuna", "Lacuna"],
    short_answer: ["Resposta curta"],
    practice: ["Tarefa prática", "Prática"],
  },
  labels: {
    answer: ["Resposta", "Resposta correta"],
    accepted: ["Também aceito", "Respostas aceitas", "Aceitas"],
    explanation: ["Explicação", "Justificativa", "Resolução"],
    concepts: ["Conceitos"],
  },
  or: ["ou"],
  and: ["e"],
  answerLeads: ["a resposta correta é", "a resposta é", "resposta", "é"],
  choiceLeads: ["opção", "letra", "alternativa", "acho que é", "escolho", "escolho a", "talvez", "provavelmente"],
  articles: ["o", "a", "os", "as", "um", "uma"],
  numbers: ["zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez"],
  decimalComma: true,
};
