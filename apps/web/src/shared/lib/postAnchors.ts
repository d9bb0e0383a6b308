/** The id of the element a question page shows an answer or comment in (a link's #fragment). */
export const answerAnchor = (answerId: number): string => `answer-${answerId}`;
export const commentAnchor = (commentId: number): string => `comment-${commentId}`;
