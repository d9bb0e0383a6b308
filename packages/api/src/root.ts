import { answerRouter } from './routers/answer';
import { authRouter } from './routers/auth';
import { chatRouter } from './routers/chat';
import { commentRouter } from './routers/comment';
import { gameRouter } from './routers/game';
import { messageRouter } from './routers/message';
import { notificationRouter } from './routers/notification';
import { problemRouter } from './routers/problem';
import { questionRouter } from './routers/question';
import { submissionRouter } from './routers/submission';
import { tagRouter } from './routers/tag';
import { userRouter } from './routers/user';
import { createTRPCRouter } from './trpc';

export const appRouter = createTRPCRouter({
  auth: authRouter,
  user: userRouter,
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
});

export type AppRouter = typeof appRouter;
