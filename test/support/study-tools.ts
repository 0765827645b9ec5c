// The tools the /mcp study server lists (src/mcp-server/study-server.ts, course-tools.ts), sorted: what every
// client's tools/list must show, whichever client asks (the SDK in workerd, the Inspector CLI under wrangler dev).
export const STUDY_TOOL_NAMES = ["answer_exercise", "ask", "create_course", "get_course", "get_lesson", "list_lessons", "resume_course", "study"];
