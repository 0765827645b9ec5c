// A lesson's share token: the chats link a lesson to the web page (where its formulas are rendered), and the
// learner who follows the link has no API key, while the lesson is the bot's tenant's. The token is random,
// kept in the lesson's metadata from its first save (an overwrite keeps it, so earlier links still open),
// and travels in the link's fragment, which a browser never sends: it reaches the Worker only in the
// X-Lesson-Share header of GET /v1/shared-lessons/:key, which reads that one lesson and nothing else. Whoever
// may read a lesson may get its link (POST /v1/lessons/:key/share), as the page's Share button does.
import { toBase64url } from "../lib/base64url";
import { timingSafeEqualStrings } from "../lib/timing-safe";
import { mayAccess, type Tenant } from "../lib/tenant";
import { getLesson, lessonMeta, objectKey, type LessonBucket, type LessonMeta } from "./store";

/** The token a save writes: the one the lesson already has, or a new one (128 random bits). */
export const shareTokenOf = (existing?: Pick<LessonMeta, "share">): string => existing?.share ?? toBase64url(crypto.getRandomValues(new Uint8Array(16)));

/** The lesson whose share token is `token`; null for an unknown key or any other token. */
export async function getSharedLesson(bucket: LessonBucket, key: string, token: string): Promise<Awaited<ReturnType<typeof getLesson>>> {
  // Read as the admin, then held to the token: the token is the only right this reader has.
  const lesson = await getLesson(bucket, key, null);
  return lesson?.meta.share && (await timingSafeEqualStrings(token, lesson.meta.share)) ? lesson : null;
}

/**
 * The share token of a lesson `caller` may read, written first for a lesson saved before share links;
 * null for an unknown key or one `caller` may not see. The rewrite keeps the text and the other metadata,
 * and is conditional, so a save in between wins and is read again.
 */
export async function shareTokenFor(bucket: LessonBucket, key: string, caller: Tenant): Promise<string | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const lesson = await bucket.get(objectKey(key));
    if (!lesson) return null;
    const meta = lessonMeta(lesson);
    if (!mayAccess(caller, meta.tenant)) return null;
    if (meta.share) return meta.share;
    const share = shareTokenOf();
    const put = await bucket.put(objectKey(key), await lesson.text(), {
      httpMetadata: { contentType: meta.contentType },
      customMetadata: { ...lesson.customMetadata, share },
      onlyIf: { etagMatches: lesson.etag },
    });
    if (put) return share;
  }
  throw new Error(`lessons/${key} kept changing while its share token was written`);
}
