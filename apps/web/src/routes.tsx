import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router-dom';
import { PublicOnly, RequireAuth } from './auth/guards';
import { AppLayout } from './layout/AppLayout';
import LoginPage from './pages/auth/LoginPage';
import SignupPage from './pages/auth/SignupPage';
import { ErrorPage } from './pages/ErrorPage';
import {
  CreateCollabCodePage,
  CreateNimGamePage,
  GameRoomPage,
  GamesLobbyPage,
} from './pages/games';
import DirectMessagesPage from './pages/messaging/DirectMessagesPage';
import GlobalChatPage from './pages/messaging/GlobalChatPage';
import { NotFoundPage } from './pages/NotFoundPage';
import NotificationsPage from './pages/notifications/NotificationsPage';
import {
  AttemptProblemPage,
  CreateProblemPage,
  ProblemDetailsPage,
  ProblemListPage,
  SubmissionPage,
} from './pages/problems';
import ProfilePage from './pages/profile/ProfilePage';
import EditAnswerPage from './pages/questions/EditAnswerPage';
import EditQuestionPage from './pages/questions/EditQuestionPage';
import NewAnswerPage from './pages/questions/NewAnswerPage';
import NewQuestionPage from './pages/questions/NewQuestionPage';
import QuestionListPage from './pages/questions/QuestionListPage';
import QuestionPage from './pages/questions/QuestionPage';
import { AnswerRevisionsPage, QuestionRevisionsPage } from './pages/questions/revisions';
import TagsPage from './pages/questions/TagsPage';
import UsersPage from './pages/users/UsersPage';

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
