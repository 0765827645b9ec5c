// Hindi lesson headings, in the words of Hindi-medium (NCERT) textbooks (अध्याय, उदाहरण, सारांश, अभ्यास).
import type { LessonVocabulary } from "./types";

export const hindi: LessonVocabulary = {
  language: "hi",
  name: "हिन्दी",
  direction: "ltr",
  chapter: ["अध्याय {n}"],
  sections: {
    objectives: ["सीखने के उद्देश्य", "अधिगम उद्देश्य", "उद्देश्य"],
    keyConcepts: ["मुख्य अवधारणाएँ", "मुख्य अवधारणाएं", "प्रमुख अवधारणाएँ"],
    explanation: ["व्याख्या", "विस्तृत व्याख्या"],
    whyItMatters: ["यह क्यों महत्वपूर्ण है", "क्यों महत्वपूर्ण है"],
    coreContent: ["मुख्य विषय-वस्तु", "मुख्य सामग्री"],
    formulaOrCode: ["सूत्र या कोड", "सूत्र", "कोड"],
    commonMistakes: ["सामान्य गलतियाँ", "सामान्य गलतियां", "आम गलतियाँ"],
    example: ["हल किया गया उदाहरण", "उदाहरण"],
    summary: ["सारांश"],
    furtherQuestions: ["विचारणीय प्रश्न", "आगे सोचने के लिए प्रश्न"],
    exercises: ["अभ्यास प्रश्न", "अभ्यास"],
    answerKey: ["उत्तर कुंजी", "उत्तरमाला", "उत्तर"],
    sources: ["स्रोत", "संदर्भ"],
  },
  exercise: ["अभ्यास", "प्रश्न"],
  exerciseTypes: {
    multiple_choice: ["बहुविकल्पीय प्रश्न", "बहुविकल्पीय"],
    fill_in: ["रिक्त स्थान भरें", "रिक्त स्थान"],
    short_answer: ["लघु उत्तरीय प्रश्न", "लघु उत्तरीय"],
    practice: ["प्रायोगिक कार्य", "अभ्यास कार्य"],
  },
  labels: {
    answer: ["उत्तर", "सही उत्तर"],
    accepted: ["स्वीकार्य उत्तर", "स्वीकार्य"],
    explanation: ["व्याख्या", "स्पष्टीकरण"],
    concepts: ["अवधारणाएँ", "संबंधित अवधारणाएँ"],
  },
  or: ["या", "अथवा"],
  and: ["और"],
  answerLeads: ["सही उत्तर है", "उत्तर है", "उत्तर"],
  choiceLeads: ["विकल्प", "शायद"],
  answerTails: ["है"],
  numbers: ["शून्य", "एक", "दो", "तीन", "चार", "पाँच", "छह", "सात", "आठ", "नौ", "दस"],
  truth: { true: ["सही", "सत्य"], false: ["गलत", "ग़लत", "असत्य"] },
};
