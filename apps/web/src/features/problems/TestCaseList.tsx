import { problemMessages } from '@app/validators';
import type { ProblemTestCase } from './problemTypes';

export interface TestCaseListProps {
  testCases: readonly ProblemTestCase[];
}

/**
 * The tests a viewer may read, each under the number its result will carry ('Test n'); the author
 * also sees the hidden ones, marked. 'No test cases available for this problem.' when there are none.
 */
export function TestCaseList({ testCases }: TestCaseListProps) {
  if (testCases.length === 0) return <p className="muted">{problemMessages.noTestCases}</p>;
  return (
    <ol className="test-case-list stacked-list">
      {testCases.map((test) => (
        <li key={test.number} className="test-case-list__item">
          <span className="test-case-list__name">
            Test {test.number}
            {test.hidden && <span className="badge">Hidden</span>}
          </span>
          <pre className="code-block">{test.testCode}</pre>
        </li>
      ))}
    </ol>
  );
}
