import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { errorMessage } from '../shared/lib/errors';

// The text of whatever the router caught: '404 Not Found', an Error's message, or a fallback sentence.
function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' && error.data ? ` — ${error.data}` : '';
    return `${error.status} ${error.statusText}${detail}`;
  }
  return errorMessage(error, 'An unknown error occurred.');
}

/** The router's error element: 'Unexpected Application Error!' with the error text (SPEC §2). */
export function ErrorPage() {
  const error = useRouteError();
  return (
    <div className="error-page" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p className="error-page__text">{describeRouteError(error)}</p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </div>
  );
}
