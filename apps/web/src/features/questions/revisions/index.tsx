import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingState } from '../../../shared/components';

// The revision pages (and the diff library) are a chunk of their own: the question pages do not
// grow with them.
const screens = () => import('./RevisionsPage');
type ScreenName = 'QuestionRevisionsPage' | 'AnswerRevisionsPage';

function screen(name: ScreenName): ComponentType {
  const Page = lazy(() => screens().then((module) => ({ default: module[name] })));
  return function RevisionsScreen() {
    return (
      <Suspense fallback={<LoadingState />}>
        <Page />
      </Suspense>
    );
  };
}

export const QuestionRevisionsPage = screen('QuestionRevisionsPage');
export const AnswerRevisionsPage = screen('AnswerRevisionsPage');
