// Japanese lesson headings, in the words of Japanese textbooks (学習目標, 例題, まとめ, 練習問題, 解答と解説).
import type { LessonVocabulary } from "./types";
import { HAN_NUMERALS } from "./zh";

export const japanese: LessonVocabulary = {
  language: "ja",
  name: "日本語",
  direction: "ltr",
  chapter: ["第{n}章"],
  numerals: HAN_NUMERALS,
  sections: {
    objectives: ["学習目標", "この章の目標", "ねらい"],
    keyConcepts: ["重要概念", "キーワード", "重要用語", "基本概念"],
    explanation: ["解説", "詳しい解説"],
    whyItMatters: ["なぜ重要か", "なぜ大切か"],
    coreContent: ["要点", "主な内容", "中心となる内容"],
    formulaOrCode: ["公式・コード", "公式またはコード", "公式", "数式", "コード"],
    commonMistakes: ["よくある間違い", "よくある誤り"],
    example: ["例題", "具体例"],
    summary: ["まとめ", "この章のまとめ"],
    furtherQuestions: ["発展的な問い", "考えてみよう", "さらに考えよう"],
    exercises: ["練習問題", "演習問題"],
    answerKey: ["解答と解説", "解答・解説", "解答"],
    sources: ["参考文献", "出典", "参考資料"],
  },
  exercise: ["問", "練習", "練習問題", "問題"],
  exerciseTypes: {
    multiple_choice: ["選択問題", "多肢選択", "選択式"],
    fill_in: ["穴埋め問題", "穴埋め"],
    short_answer: ["記述問題", "短答問題", "記述"],
    practice: ["実践課題", "演習課題", "実践問題"],
  },
  labels: {
    answer: ["答え", "解答", "正解"],
    accepted: ["別解", "許容解", "許容される答え"],
    explanation: ["解説", "説明"],
    concepts: ["関連概念", "概念"],
  },
  or: ["または", "あるいは"],
  and: ["と"],
  answerLeads: ["正解は", "答えは", "解答は"],
  choiceLeads: ["選択肢", "たぶん"],
  answerTails: ["です", "である"],
  numbers: ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"],
  truth: { true: ["正しい", "正", "○", "〇"], false: ["誤り", "誤", "正しくない", "×", "✕"] },
};
