/**
 * Entities as the original client reads them (SPEC §3 field names: `_id`, askedBy, upVotes …; ids
 * as strings, as the socket.io bridge sends them), from what our procedures hand out. Pure functions:
 * no look-ups, no rules.
 */

export interface UserIn {
  username: string;
  biography: string;
  dateJoined: Date;
}
export interface TagIn {
  id: number;
  name: string;
  description: string;
}
export interface CommentIn {
  id: number;
  text: string;
  commentBy: string;
  commentDateTime: Date;
}
export interface AnswerIn {
  id: number;
  text: string;
  ansBy: string;
  ansDateTime: Date;
  comments: CommentIn[];
}
export interface QuestionIn {
  id: number;
  title: string;
  text: string;
  tags: TagIn[];
  askedBy: string;
  askDateTime: Date;
  upVotes: string[];
  downVotes: string[];
  viewCount: number;
  comments: CommentIn[];
  answers: AnswerIn[];
}
export interface MessageIn {
  id: number;
  msg: string;
  msgFrom: string;
  msgDateTime: Date;
}
export interface ChatIn {
  id: number;
  participants: string[];
  createdAt: Date;
}

/** Only the public fields: never a password or its hash, whatever the input carries. */
export const wireUser = (user: UserIn) => ({
  username: user.username,
  biography: user.biography,
  dateJoined: user.dateJoined,
});

export const wireTag = (tag: TagIn) => ({
  _id: String(tag.id),
  name: tag.name,
  description: tag.description,
});

export const wireTagWithCount = (tag: TagIn & { qcnt: number }) => ({
  ...wireTag(tag),
  qcnt: tag.qcnt,
});

export const wireComment = (comment: CommentIn) => ({
  _id: String(comment.id),
  text: comment.text,
  commentBy: comment.commentBy,
  commentDateTime: comment.commentDateTime,
});

export const wireAnswer = (answer: AnswerIn) => ({
  _id: String(answer.id),
  text: answer.text,
  ansBy: answer.ansBy,
  ansDateTime: answer.ansDateTime,
  comments: answer.comments.map(wireComment),
});

/**
 * `views` is a list whose length is the count the client shows; who viewed is not published, so
 * each entry is an empty string.
 */
export const wireQuestion = (question: QuestionIn) => ({
  _id: String(question.id),
  title: question.title,
  text: question.text,
  tags: question.tags.map(wireTag),
  askedBy: question.askedBy,
  askDateTime: question.askDateTime,
  answers: question.answers.map(wireAnswer),
  upVotes: question.upVotes,
  downVotes: question.downVotes,
  views: Array.from({ length: question.viewCount }, () => ''),
  comments: question.comments.map(wireComment),
});

export const wireMessage = (message: MessageIn) => ({
  _id: String(message.id),
  msg: message.msg,
  msgFrom: message.msgFrom,
  msgDateTime: message.msgDateTime,
});

export const wireChat = (chat: ChatIn, messages: readonly MessageIn[]) => ({
  _id: String(chat.id),
  participants: chat.participants,
  messages: messages.map(wireMessage),
  createdAt: chat.createdAt,
});
