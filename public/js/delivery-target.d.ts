// Types of delivery-target.js for the Worker's TypeScript (src/platforms/telegram/telegram-delivery-to.ts, src/platforms/slack/slack-delivery-to.ts).
export function isTelegramChatId(id: number): boolean;
export function telegramTargetProblem(to: string): { fix?: string } | undefined;
export function slackTargetProblem(to: string): { fix?: string } | undefined;
