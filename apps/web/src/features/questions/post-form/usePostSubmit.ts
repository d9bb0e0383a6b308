import { useState } from 'react';
import { prefixedError } from '../../../shared/lib/errors';

/**
 * A post form's send: nothing goes while the form's own check refused it; a failed call is shown
 * after `failurePrefix` (the server's sentence) and the form can be sent again.
 */
export function usePostSubmit(failurePrefix: string) {
  const [serverError, setServerError] = useState<string | null>(null);
  const submit = async (refused: boolean, send: () => Promise<void>) => {
    setServerError(null);
    if (refused) return;
    try {
      await send();
    } catch (err) {
      setServerError(prefixedError(failurePrefix, err));
    }
  };
  return { serverError, submit };
}
