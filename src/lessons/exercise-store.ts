// A lesson's exercises, parsed once and stored beside the lesson in R2 as `exercises/<key>.json`,
// tagged with the etag of the lesson they were read from: a lesson saved again (overwrite, append,
// edits) is read again on the next request; otherwise the stored set is served as is.
import { mayAccess, type Tenant } from "../lib/tenant";
import { isLessonKey, lessonMeta, objectKey, type LessonBucket } from "./store";
import { parseExercises, type KeyedExercise } from "./exercises";

export const EXERCISES_PREFIX = "exercises/";
/**
 * The version of the reading (exercises.ts) a stored set comes from: a set of an older reading is read again.
 * 3: a Chinese lesson in Traditional characters is `zh-Hant` (it was `zh`, so its feedback was in Simplified).
 */
const READING = 3;

export interface ExerciseSet {
  lessonKey: string;
  title: string;
  /** The etag of the lesson object the exercises were read from. */
  lessonEtag: string;
  /** The version of the reading; absent in sets stored before issue 25's (concepts per exercise, every language). */
  reading?: number;
  exercises: KeyedExercise[];
}

const exercisesObjectKey = (lessonKey: string) => `${EXERCISES_PREFIX}${lessonKey}.json`;

/** The exercises of a saved lesson; null for an unknown lesson or one of another tenant. */
export async function lessonExercises(bucket: LessonBucket, lessonKey: string, caller: Tenant): Promise<ExerciseSet | null> {
  if (!isLessonKey(lessonKey)) return null;
  const head = await bucket.head(objectKey(lessonKey));
  if (!head || !mayAccess(caller, lessonMeta(head).tenant)) return null;
  const stored = await bucket.get(exercisesObjectKey(lessonKey));
  if (stored) {
    const set = JSON.parse(await stored.text()) as ExerciseSet;
    if (set.lessonEtag === head.etag && set.reading === READING) return set;
  }
  // The etag and the text come from one read, so a save in between cannot pair them wrongly.
  const lesson = await bucket.get(objectKey(lessonKey));
  if (!lesson) return null;
  const meta = lessonMeta(lesson);
  const set: ExerciseSet = {
    lessonKey,
    title: meta.title,
    lessonEtag: lesson.etag,
    reading: READING,
    exercises: meta.contentType.startsWith("text/markdown") ? parseExercises(await lesson.text()) : [],
  };
  await bucket.put(exercisesObjectKey(lessonKey), JSON.stringify(set), { httpMetadata: { contentType: "application/json; charset=utf-8" } });
  return set;
}
