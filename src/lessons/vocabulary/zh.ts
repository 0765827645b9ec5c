// Chinese lesson headings (简体中文), as Chinese-writing models and the seed's own skills write them, and each
// word's Traditional forms (繁體中文, after the Simplified ones): a lesson written in Traditional Chinese is checked
// and graded as Chinese. The Traditional forms are OpenCC's (cn→tw characters and cn→twp Taiwan phrases, 代碼 and
// 程式碼): test/lessons/traditional-chinese-lessons-are-read-as-chinese.test.ts says which one is missing.
import type { LessonVocabulary } from "./types";

/** 一 … 二十: chapter numbers in Chinese and Japanese headings (第一章). */
export const HAN_NUMERALS = [
  "一",
  "二",
  "三",
  "四",
  "五",
  "六",
  "七",
  "八",
  "九",
  "十",
  "十一",
  "十二",
  "十三",
  "十四",
  "十五",
  "十六",
  "十七",
  "十八",
  "十九",
  "二十",
];

export const chinese: LessonVocabulary = {
  language: "zh",
  name: "中文",
  direction: "ltr",
  chapter: ["第{n}章"],
  numerals: HAN_NUMERALS,
  sections: {
    objectives: ["学习目标", "本章目标", "學習目標", "本章目標"],
    keyConcepts: ["核心概念", "关键概念", "關鍵概念"],
    explanation: ["详细讲解", "讲解", "詳細講解", "講解"],
    whyItMatters: ["为什么重要", "為什麼重要"],
    coreContent: ["核心内容", "核心內容"],
    formulaOrCode: ["公式或代码", "公式", "代码", "公式或代碼", "公式或程式碼", "代碼", "程式碼"],
    commonMistakes: ["常见错误", "常見錯誤"],
    example: ["例题", "示例", "例題"],
    summary: ["本章小结", "小结", "本章小結", "小結"],
    furtherQuestions: ["延伸思考", "思考题", "思考題"],
    exercises: ["练习题", "练习", "練習題", "練習"],
    answerKey: ["参考答案", "答案与解析", "答案", "參考答案", "答案與解析"],
    sources: ["参考资料", "参考来源", "来源", "參考資料", "參考來源", "來源"],
  },
  exercise: ["练习", "习题", "練習", "習題"],
  exerciseTypes: {
    multiple_choice: ["单项选择题", "单选题", "选择题", "單項選擇題", "單選題", "選擇題"],
    fill_in: ["填空题", "填空", "填空題"],
    short_answer: ["简答题", "简答", "簡答題", "簡答"],
    practice: ["实践题", "实践任务", "实践", "實踐題", "實踐任務", "實踐"],
  },
  labels: {
    answer: ["答案", "参考答案", "正确答案", "參考答案", "正確答案"],
    accepted: ["也可接受", "也可", "可接受", "同样正确", "同樣正確"],
    explanation: ["解析", "解释", "说明", "理由", "解釋", "說明"],
    concepts: ["考查概念", "概念"],
  },
  or: ["或", "或者"],
  and: ["和", "与", "與"],
  answerLeads: ["正确答案是", "答案是", "答案为", "选", "正確答案是", "答案為", "選"],
  choiceLeads: ["选项", "我选", "可能是", "应该是", "選項", "我選", "應該是"],
  numbers: ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"],
  truth: { true: ["正确", "对", "正確", "對", "√"], false: ["错误", "错", "錯誤", "錯", "×"] },
};
