// Indonesian lesson headings, in the words of Indonesian textbooks (Tujuan Pembelajaran, Rangkuman,
// Latihan Soal, Pilihan Ganda, Kunci Jawaban, Daftar Pustaka).
import type { LessonVocabulary } from "./types";

export const indonesian: LessonVocabulary = {
  language: "id",
  name: "Bahasa Indonesia",
  direction: "ltr",
  chapter: ["Bab {n}"],
  sections: {
    objectives: ["Tujuan Pembelajaran", "Tujuan"],
    keyConcepts: ["Konsep Kunci", "Konsep Utama", "Konsep Penting"],
    explanation: ["Penjelasan", "Uraian Materi"],
    whyItMatters: ["Mengapa Ini Penting", "Mengapa Penting"],
    coreContent: ["Materi Inti", "Isi Pokok"],
    formulaOrCode: ["Rumus atau Kode", "Rumus", "Kode"],
    commonMistakes: ["Kesalahan Umum", "Kesalahan yang Sering Terjadi"],
    example: ["Contoh Soal", "Contoh"],
    summary: ["Rangkuman", "Ringkasan"],
    furtherQuestions: ["Pertanyaan Pengayaan", "Pertanyaan Lanjutan", "Pengayaan"],
    exercises: ["Latihan Soal", "Latihan"],
    answerKey: ["Kunci Jawaban", "Pembahasan"],
    sources: ["Daftar Pustaka", "Sumber", "Referensi"],
  },
  exercise: ["Latihan", "Soal"],
  exerciseTypes: {
    multiple_choice: ["Pilihan Ganda"],
    fill_in: ["Isian", "Isian Singkat", "Melengkapi"],
    short_answer: ["Uraian Singkat", "Jawaban Singkat"],
    practice: ["Tugas Praktik", "Praktik"],
  },
  labels: {
    answer: ["Jawaban", "Jawaban Benar"],
    accepted: ["Juga Diterima", "Jawaban Lain yang Diterima", "Diterima"],
    explanation: ["Pembahasan", "Penjelasan"],
    concepts: ["Konsep"],
  },
  or: ["atau"],
  and: ["dan"],
  answerLeads: ["jawaban yang benar adalah", "jawabannya adalah", "jawabannya", "jawaban"],
  choiceLeads: ["pilihan", "opsi", "saya pilih", "menurut saya", "mungkin"],
  numbers: ["nol", "satu", "dua", "tiga", "empat", "lima", "enam", "tujuh", "delapan", "sembilan", "sepuluh"],
  decimalComma: true,
};
