// Vietnamese lesson headings, in the words of Vietnamese textbooks (Mục tiêu, Ví dụ, Bài tập, Đáp án, Trắc nghiệm).
import type { LessonVocabulary } from "./types";

export const vietnamese: LessonVocabulary = {
  language: "vi",
  name: "Tiếng Việt",
  direction: "ltr",
  chapter: ["Chương {n}", "Bài {n}"],
  sections: {
    objectives: ["Mục tiêu bài học", "Mục tiêu"],
    keyConcepts: ["Khái niệm chính", "Khái niệm cốt lõi", "Các khái niệm chính"],
    explanation: ["Giải thích chi tiết", "Giải thích"],
    whyItMatters: ["Vì sao quan trọng", "Tại sao quan trọng"],
    coreContent: ["Nội dung cốt lõi", "Nội dung chính"],
    formulaOrCode: ["Công thức hoặc mã", "Công thức", "Mã nguồn"],
    commonMistakes: ["Lỗi thường gặp", "Sai lầm thường gặp"],
    example: ["Ví dụ", "Ví dụ minh họa"],
    summary: ["Tóm tắt", "Tổng kết", "Ghi nhớ"],
    furtherQuestions: ["Câu hỏi mở rộng", "Câu hỏi suy ngẫm"],
    exercises: ["Bài tập", "Luyện tập"],
    answerKey: ["Đáp án và lời giải", "Đáp án", "Lời giải"],
    sources: ["Tài liệu tham khảo", "Nguồn tham khảo"],
  },
  exercise: ["Bài tập", "Bài", "Câu"],
  exerciseTypes: {
    multiple_choice: ["Trắc nghiệm"],
    fill_in: ["Điền vào chỗ trống", "Điền khuyết"],
    short_answer: ["Trả lời ngắn", "Tự luận ngắn"],
    practice: ["Thực hành", "Bài tập thực hành"],
  },
  labels: {
    answer: ["Đáp án", "Trả lời"],
    accepted: ["Cũng chấp nhận", "Đáp án chấp nhận"],
    explanation: ["Giải thích", "Lời giải"],
    concepts: ["Khái niệm"],
  },
  or: ["hoặc", "hay"],
  and: ["và"],
  answerLeads: ["đáp án đúng là", "đáp án là", "câu trả lời là", "đáp án"],
  choiceLeads: ["phương án", "lựa chọn", "tôi chọn", "chọn", "có lẽ"],
  numbers: ["không", "một", "hai", "ba", "bốn", "năm", "sáu", "bảy", "tám", "chín", "mười"],
  truth: { true: ["đúng", "Đ"], false: ["sai", "S"] },
  decimalComma: true,
};
