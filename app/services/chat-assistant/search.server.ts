import type { AnswerWriter } from "./answer-writer";

/** Offline: answers with the best-matching help entry, word for word. No model runs, so it is not called AI. */
export const searchAnswerWriter: AnswerWriter = {
  label: "Help-centre search",
  async write(_question, [best]) {
    return `${best.title}\n\n${best.text}`;
  },
};
