// Turkish lesson headings, in the words of Turkish (MEB) textbooks (Kazanımlar, Temel Kavramlar,
// Çözümlü Örnek, Çoktan Seçmeli, Cevap Anahtarı, Kaynakça).
import type { LessonVocabulary } from "./types";

export const turkish: LessonVocabulary = {
  language: "tr",
  name: "Türkçe",
  direction: "ltr",
  chapter: ["Bölüm {n}", "{n}. Bölüm", "Ünite {n}"],
  sections: {
    objectives: ["Öğrenme Hedefleri", "Kazanımlar", "Hedefler"],
    keyConcepts: ["Temel Kavramlar", "Anahtar Kavramlar"],
    explanation: ["Konu Anlatımı", "Açıklama"],
    whyItMatters: ["Neden Önemli", "Bu Neden Önemli"],
    coreContent: ["Temel İçerik", "Ana İçerik"],
    formulaOrCode: ["Formül veya Kod", "Formül", "Formüller", "Kod"],
    commonMistakes: ["Sık Yapılan Hatalar", "Yaygın Hatalar"],
    example: ["Çözümlü Örnek", "Örnek", "Örnekler"],
    summary: ["Özet"],
    furtherQuestions: ["Düşünelim", "Düşündüren Sorular", "İleri Sorular"],
    exercises: ["Alıştırmalar", "Etkinlikler"],
    answerKey: ["Cevap Anahtarı", "Yanıt Anahtarı", "Cevaplar"],
    sources: ["Kaynakça", "Kaynaklar"],
  },
  exercise: ["Alıştırma", "Soru"],
  exerciseTypes: {
    multiple_choice: ["Çoktan Seçmeli"],
    fill_in: ["Boşluk Doldurma"],
    short_answer: ["Kısa Cevaplı", "Kısa Cevap", "Kısa Yanıt"],
    practice: ["Uygulama Görevi", "Uygulama"],
  },
  labels: {
    answer: ["Cevap", "Yanıt", "Doğru Cevap"],
    accepted: ["Kabul Edilen Cevaplar", "Kabul Edilenler", "Kabul Edilir"],
    explanation: ["Açıklama", "Çözüm"],
    concepts: ["Kavramlar", "İlgili Kavramlar"],
  },
  or: ["veya", "ya da"],
  and: ["ve"],
  answerLeads: ["doğru cevap", "cevap", "yanıt"],
  choiceLeads: ["seçenek", "şık", "bence", "cevabım", "belki", "sanırım"],
  numbers: ["sıfır", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz", "on"],
  decimalComma: true,
};
