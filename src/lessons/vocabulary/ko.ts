// Korean lesson headings, in the words of Korean textbooks (학습 목표, 핵심 개념, 예제, 연습 문제, 정답 및 해설).
import type { LessonVocabulary } from "./types";

export const korean: LessonVocabulary = {
  language: "ko",
  name: "한국어",
  direction: "ltr",
  chapter: ["제{n}장", "{n}장"],
  sections: {
    objectives: ["학습 목표", "목표"],
    keyConcepts: ["핵심 개념", "주요 개념"],
    explanation: ["개념 설명", "자세한 설명", "설명"],
    whyItMatters: ["왜 중요할까", "왜 중요한가"],
    coreContent: ["핵심 내용", "주요 내용"],
    formulaOrCode: ["공식 또는 코드", "공식", "코드"],
    commonMistakes: ["자주 하는 실수", "흔한 실수"],
    example: ["예제", "예시"],
    summary: ["요약", "정리"],
    furtherQuestions: ["더 생각해 보기", "생각해 볼 문제", "심화 질문"],
    exercises: ["연습 문제", "연습문제"],
    answerKey: ["정답 및 해설", "정답과 해설", "정답"],
    sources: ["참고 자료", "참고 문헌", "출처"],
  },
  exercise: ["문제", "연습 문제", "연습"],
  exerciseTypes: {
    multiple_choice: ["객관식", "선택형"],
    fill_in: ["빈칸 채우기", "빈칸"],
    short_answer: ["서술형", "단답형", "주관식"],
    practice: ["실습 과제", "실습"],
  },
  labels: {
    answer: ["정답", "답"],
    accepted: ["인정 답안", "허용 답안"],
    explanation: ["해설", "풀이"],
    concepts: ["관련 개념", "개념"],
  },
  or: ["또는", "혹은"],
  and: ["그리고"],
  answerLeads: ["정답은", "답은"],
  choiceLeads: ["보기", "선택지", "아마"],
  answerTails: ["입니다", "이다"],
  numbers: ["영", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구", "십"],
  truth: { true: ["참", "맞음", "O", "○"], false: ["거짓", "틀림", "X", "×"] },
};
