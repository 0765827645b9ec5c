// Chinese lesson headings (简体中文), as Chinese-writing models and the seed's own skills write them.
import type { LessonVocabulary } from "./types";

export const chinese: LessonVocabulary = {
  language: "zh",
  chapter: ["第{n}章"],
  numerals: ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二", "十三", "十四", "十五", "十六", "十七", "十八", "十九", "二十"],
  sections: {
    objectives: ["学习目标", "本章目标"],
    keyConcepts: ["核心概念", "关键概念"],
    explanation: ["详细讲解", "讲解"],
    whyItMatters: ["为什么重要"],
    coreContent: ["核心内容"],
    formulaOrCode: ["公式或代码", "公式", "代码"],
    commonMistakes: ["常见错误"],
    example: ["例题", "示例"],
    summary: ["本章小结", "小结"],
    furtherQuestions: ["延伸思考", "思考题"],
    exercises: ["练习题", "练习"],
    answerKey: ["参考答案", "答案与解析", "答案"],
    sources: ["参考资料", "参考来源", "来源"],
  },
  exercise: ["练习", "习题"],
  exerciseTypes: {
    multiple_choice: ["单项选择题", "单选题", "选择题"],
    fill_in: ["填空题", "填空"],
    short_answer: ["简答题", "简答"],
    practice: ["实践题", "实践任务", "实践"],
  },
  answer: ["答案", "参考答案", "正确答案"],
};
