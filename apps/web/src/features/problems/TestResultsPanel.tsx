import { useId } from 'react';
import { figureLabels, passCountLabel, passed, statusLabel } from './testResults';
import type { TestResult } from './problemTypes';

export interface TestResultsPanelProps {
  results: readonly TestResult[];
  /** The code changed since these results: they are shown, but no longer count. */
  stale?: boolean;
}

/**
 * SPEC §2 Test results panel: per test 'Test n', 'Status: …', 'Runtime: …ms', 'Memory Usage: …kB',
 * the error message and what the code printed. A hidden test of someone else's problem shows only
 * its number and verdict: the server sends no figures for it.
 */
export function TestResultsPanel({ results, stale = false }: TestResultsPanelProps) {
  const headingId = useId();
  return (
    <section className="test-results" aria-labelledby={headingId}>
      <header className="test-results__header">
        <h2 id={headingId} className="test-results__title">
          Test Results
        </h2>
        <span className="test-results__count">{passCountLabel(results)}</span>
      </header>
      {stale && (
        <p className="test-results__stale">
          You changed the code after these results. Run the tests again before you submit.
        </p>
      )}
      <ol className="test-results__list tile-grid">
        {results.map((result) => {
          const ok = passed(result);
          const figures = figureLabels(result);
          return (
            <li
              key={result.number}
              className={`test-result ${ok ? 'test-result--ok' : 'test-result--failed'}`}
            >
              <div className="test-result__head">
                <h3 className="test-result__name">Test {result.number}</h3>
                {result.hidden && <span className="badge">Hidden</span>}
                <span className={`test-result__status${ok ? '' : ' test-result__status--failed'}`}>
                  {statusLabel(result.status)}
                </span>
              </div>
              {result.testCode !== null && (
                <pre className="code-block test-result__code">{result.testCode}</pre>
              )}
              {figures && (
                <p className="test-result__figures">
                  <span>{figures.runtime}</span>
                  <span>{figures.memory}</span>
                </p>
              )}
              {result.errorMessage && (
                <pre className="test-result__error">{result.errorMessage}</pre>
              )}
              {result.output && (
                <div className="test-result__output">
                  <span className="test-result__label">Output</span>
                  <pre className="code-block">{result.output}</pre>
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
