// The AI SDK's own chat engine (AbstractChat, which @ai-sdk/react's useChat runs: a React page's Chat is this
// class with React's state) over plain arrays, for tests that drive /v1/ui/chat the way a useChat page does.
import { AbstractChat, type ChatInit, type ChatState, type UIMessage } from "ai";

export class PageChat<M extends UIMessage = UIMessage> extends AbstractChat<M> {
  constructor(init: Omit<ChatInit<M>, "messages">) {
    const state: ChatState<M> = {
      status: "ready",
      error: undefined,
      messages: [],
      pushMessage: (m) => void (state.messages = [...state.messages, structuredClone(m)]),
      popMessage: () => void (state.messages = state.messages.slice(0, -1)),
      replaceMessage: (i, m) => void (state.messages = state.messages.with(i, structuredClone(m))),
      snapshot: (thing) => structuredClone(thing),
    };
    super({ ...init, state });
  }
}
