import { answerRouter } from './routers/answer';
import { authRouter } from './routers/auth';
import { chatRouter } from './routers/chat';
import { commentRouter } from './routers/comment';
import { messageRouter } from './routers/message';
import { questionRouter } from './routers/question';
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
});

export type AppRouter = typeof appRouter;
