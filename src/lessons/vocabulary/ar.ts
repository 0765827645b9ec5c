// Arabic lesson headings (Modern Standard Arabic), in the words of Arabic school books (أهداف التعلم,
// المفاهيم الأساسية, التمارين, مفتاح الإجابات). Written right to left; numbers N.K and option letters A–D stay Latin.
import type { LessonVocabulary } from "./types";

export const arabic: LessonVocabulary = {
  language: "ar",
  name: "العربية",
  direction: "rtl",
  chapter: ["الفصل {n}", "الوحدة {n}"],
  sections: {
    objectives: ["أهداف التعلم", "الأهداف", "أهداف الفصل"],
    keyConcepts: ["المفاهيم الأساسية", "المفاهيم الرئيسية"],
    explanation: ["الشرح", "الشرح التفصيلي", "شرح مفصل"],
    whyItMatters: ["لماذا هذا مهم", "أهمية الموضوع"],
    coreContent: ["المحتوى الأساسي", "صلب الموضوع"],
    formulaOrCode: ["الصيغة أو الشيفرة", "الصيغة", "القانون", "الشيفرة"],
    commonMistakes: ["أخطاء شائعة", "الأخطاء الشائعة"],
    example: ["مثال محلول", "مثال", "أمثلة"],
    summary: ["الملخص", "ملخص", "الخلاصة"],
    furtherQuestions: ["أسئلة للتفكير", "أسئلة إثرائية"],
    exercises: ["التمارين", "تمارين"],
    answerKey: ["مفتاح الإجابات", "الإجابات", "الحلول"],
    sources: ["المصادر", "المراجع"],
  },
  exercise: ["تمرين"],
  exerciseTypes: {
    multiple_choice: ["اختيار من متعدد"],
    fill_in: ["أكمل الفراغ", "املأ الفراغ"],
    short_answer: ["إجابة قصيرة"],
    practice: ["مهمة تطبيقية", "تطبيق عملي"],
  },
  labels: {
    answer: ["الإجابة", "الجواب", "الإجابة الصحيحة"],
    accepted: ["إجابات مقبولة", "يقبل أيضا", "مقبول"],
    explanation: ["التفسير", "الشرح", "التعليل"],
    concepts: ["المفاهيم"],
  },
  or: ["أو"],
  and: ["و"],
  answerLeads: ["الإجابة الصحيحة هي", "الإجابة هي", "الجواب هو", "الإجابة", "الجواب"],
  choiceLeads: ["الخيار", "الاختيار", "ربما"],
  numbers: ["صفر", "واحد", "اثنان", "ثلاثة", "أربعة", "خمسة", "ستة", "سبعة", "ثمانية", "تسعة", "عشرة"],
  truth: { true: ["صح", "صحيح", "صواب"], false: ["خطأ", "خاطئ", "خطا"] },
};
