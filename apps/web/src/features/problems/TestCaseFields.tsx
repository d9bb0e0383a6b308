import { problemMessages, TEST_CASES_MAX } from '@app/validators';
import { useId } from 'react';
import { Alert, Button } from '../../shared/components';
import { fieldMessage, type TestCaseDraft } from './problemForm';

export interface TestCaseFieldsProps {
  tests: readonly TestCaseDraft[];
  /** By row index: a message of the test's own, or `true` when it is only marked (empty). */
  errors: Record<number, string | true>;
  onChange: (index: number, test: Partial<Omit<TestCaseDraft, 'key'>>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  /** 'Unable to remove another test' and the like, for the list as a whole. */
  listError: string | null;
}

/** The create form's test cases: one line of code each, a Hidden checkbox, Remove; Add Test Case. */
export function TestCaseFields({
  tests,
  errors,
  onChange,
  onAdd,
  onRemove,
  listError,
}: TestCaseFieldsProps) {
  const id = useId();
  return (
    <fieldset className="test-case-fields stacked-fieldset" aria-describedby={`${id}-hint`}>
      <legend className="field__label">
        Test Cases
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <p id={`${id}-hint`} className="field__hint">
        {problemMessages.testForm}, e.g. <code>assert(add(1, 2), 3)</code>. Hidden tests run on
        every attempt, but only you can read them.
      </p>
      <ol className="test-case-fields__list stacked-list">
        {tests.map((test, index) => {
          const inputId = `${id}-test-${test.key}`;
          const error = errors[index];
          const message = fieldMessage(error);
          return (
            <li key={test.key} className="test-case-fields__row">
              <label htmlFor={inputId} className="test-case-fields__label">
                Test {index + 1}
              </label>
              <input
                id={inputId}
                className="input input--code"
                value={test.testCode}
                spellCheck={false}
                autoCapitalize="none"
                autoComplete="off"
                placeholder="assert(functionName(input), expected)"
                aria-invalid={error ? true : undefined}
                aria-describedby={message ? `${inputId}-error` : undefined}
                onChange={(e) => onChange(index, { testCode: e.target.value })}
              />
              <div className="checkbox test-case-fields__hidden">
                <input
                  type="checkbox"
                  id={`${inputId}-hidden`}
                  className="checkbox__input"
                  checked={test.hidden}
                  onChange={(e) => onChange(index, { hidden: e.target.checked })}
                />
                <label htmlFor={`${inputId}-hidden`} className="checkbox__label">
                  Hidden<span className="visually-hidden"> (test {index + 1})</span>
                </label>
              </div>
              <Button
                variant="ghost"
                size="sm"
                className="test-case-fields__remove"
                aria-label={`Remove test ${index + 1}`}
                onClick={() => onRemove(index)}
              >
                Remove
              </Button>
              {message && (
                <p id={`${inputId}-error`} className="field__error test-case-fields__error">
                  {message}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {listError && <Alert>{listError}</Alert>}
      <div>
        <Button
          variant="secondary"
          size="sm"
          disabled={tests.length >= TEST_CASES_MAX}
          onClick={onAdd}
        >
          Add Test Case
        </Button>
      </div>
    </fieldset>
  );
}
