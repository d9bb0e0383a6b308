/** What the question topic carries; the questions issue shapes it. */
export type QuestionEvent = { type: 'created'; qid: number };
