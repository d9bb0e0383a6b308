// Every problem screen, loaded together as one chunk the first time any of them is opened.
import '../../styles/problems.css';
export { default as AttemptProblemPage } from './AttemptProblemPage';
export { default as CreateProblemPage } from './CreateProblemPage';
export { default as ProblemDetailsPage } from './ProblemDetailsPage';
export { default as ProblemListPage } from './ProblemListPage';
export { default as SubmissionPage } from './SubmissionPage';
