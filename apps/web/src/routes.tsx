import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router-dom';
import { PublicOnly, RequireAuth } from './features/auth/guards';
import { AppLayout } from './layout/AppLayout';
import LoginPage from './features/auth/LoginPage';
import SignupPage from './features/auth/SignupPage';
import { ErrorPage } from './layout/ErrorPage';
import {
  CreateCollabCodePage,
  CreateNimGamePage,
  GameRoomPage,
  GamesLobbyPage,
} from './features/games';
import DirectMessagesPage from './features/messaging/DirectMessagesPage';
import GlobalChatPage from './features/messaging/GlobalChatPage';
import { NotFoundPage } from './layout/NotFoundPage';
import ModerationLogPage from './features/moderation/ModerationLogPage';
import ReviewPage from './features/moderation/ReviewPage';
import NotificationsPage from './features/notifications/NotificationsPage';
import {
  AttemptProblemPage,
  CreateProblemPage,
  ProblemDetailsPage,
  ProblemListPage,
  SubmissionPage,
} from './features/problems';
import ProfilePage from './features/users/ProfilePage';
import EditAnswerPage from './features/questions/EditAnswerPage';
import EditQuestionPage from './features/questions/EditQuestionPage';
import NewAnswerPage from './features/questions/NewAnswerPage';
import NewQuestionPage from './features/questions/NewQuestionPage';
import QuestionListPage from './features/questions/QuestionListPage';
import QuestionPage from './features/questions/QuestionPage';
import { AnswerRevisionsPage, QuestionRevisionsPage } from './features/questions/revisions';
import TagsPage from './features/questions/TagsPage';
import UsersPage from './features/users/UsersPage';

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** SPEC §2's route table. / and /signup are for signed-out users; everything else needs a signed-in user. */
export const router = createBrowserRouter([
  {
    path: '/',
    element: <Root />,
    errorElement: <ErrorPage />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { index: true, element: <LoginPage /> },
          { path: 'signup', element: <SignupPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                // Errors inside a page keep the header and menu around the error text.
                errorElement: <ErrorPage />,
                children: [
                  { path: 'home', element: <QuestionListPage /> },
                  { path: 'tags', element: <TagsPage /> },
                  { path: 'messaging', element: <GlobalChatPage /> },
                  { path: 'messaging/direct-message', element: <DirectMessagesPage /> },
                  { path: 'question/:qid', element: <QuestionPage /> },
                  { path: 'question/:qid/edit', element: <EditQuestionPage /> },
                  { path: 'question/:qid/revisions', element: <QuestionRevisionsPage /> },
                  {
                    path: 'question/:qid/answer/:answerId/edit',
                    element: <EditAnswerPage />,
                  },
                  {
                    path: 'question/:qid/answer/:answerId/revisions',
                    element: <AnswerRevisionsPage />,
                  },
                  { path: 'new/question', element: <NewQuestionPage /> },
                  { path: 'new/answer/:qid', element: <NewAnswerPage /> },
                  { path: 'notifications', element: <NotificationsPage /> },
                  // Moderators only: the server refuses anyone else's reads of them.
                  { path: 'review', element: <ReviewPage /> },
                  { path: 'review/log', element: <ModerationLogPage /> },
                  { path: 'users', element: <UsersPage /> },
                  { path: 'user/:username', element: <ProfilePage /> },
                  { path: 'games', element: <GamesLobbyPage /> },
                  { path: 'games/create-nim-game', element: <CreateNimGamePage /> },
                  { path: 'games/create-collab-code', element: <CreateCollabCodePage /> },
                  { path: 'games/:gameID', element: <GameRoomPage /> },
                  { path: 'problems', element: <ProblemListPage /> },
                  { path: 'problems/create', element: <CreateProblemPage /> },
                  { path: 'problem/:problemId', element: <ProblemDetailsPage /> },
                  { path: 'problems/:problemId/attempt', element: <AttemptProblemPage /> },
                  { path: 'problems/:problemId/:submissionId', element: <SubmissionPage /> },
                  { path: '*', element: <NotFoundPage /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
]);
