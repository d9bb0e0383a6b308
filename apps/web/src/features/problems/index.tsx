import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingState } from '../../shared/components';

// The problem screens are a chunk of their own (and the code editor another), so the question pages
// and the rest of the app do not grow with them.
const screens = () => import('./screens');
type ScreenName = keyof Awaited<ReturnType<typeof screens>>;

function screen(name: ScreenName): ComponentType {
  const Page = lazy(() => screens().then((module) => ({ default: module[name] })));
  return function ProblemScreen() {
    return (
      <Suspense fallback={<LoadingState />}>
        <Page />
      </Suspense>
    );
  };
}

export const ProblemListPage = screen('ProblemListPage');
export const CreateProblemPage = screen('CreateProblemPage');
export const ProblemDetailsPage = screen('ProblemDetailsPage');
export const AttemptProblemPage = screen('AttemptProblemPage');
export const SubmissionPage = screen('SubmissionPage');
