import { gameRouter } from './domains/games/game-router';
import { chatRouter } from './domains/messaging/chat-router';
import { messageRouter } from './domains/messaging/message-router';
import { accountRouter } from './domains/moderation/account-router';
import { flagRouter } from './domains/moderation/flag-router';
import { moderationRouter } from './domains/moderation/moderation-router';
import { notificationRouter } from './domains/notifications/notification-router';
import { problemRouter } from './domains/problems/problem-router';
import { submissionRouter } from './domains/problems/submission-router';
import { answerRouter } from './domains/questions/answer-router';
import { commentRouter } from './domains/questions/comment-router';
import { profileRouter } from './domains/questions/profile-router';
import { questionRouter } from './domains/questions/question-router';
import { tagRouter } from './domains/questions/tag-router';
import { reputationRouter } from './domains/reputation/reputation-router';
import { authRouter } from './domains/users/auth-router';
import { userRouter } from './domains/users/user-router';
import { createTRPCRouter } from './trpc';

export const appRouter = createTRPCRouter({
  auth: authRouter,
  user: userRouter,
  profile: profileRouter,
  question: questionRouter,
  answer: answerRouter,
  comment: commentRouter,
  tag: tagRouter,
  message: messageRouter,
  chat: chatRouter,
  problem: problemRouter,
  submission: submissionRouter,
  game: gameRouter,
  notification: notificationRouter,
  flag: flagRouter,
  moderation: moderationRouter,
  account: accountRouter,
  reputation: reputationRouter,
});

export type AppRouter = typeof appRouter;
