import { useCallback, useEffect, useRef, useState } from 'react';
import { useOptionalUser } from '../../shared/session/context';
import { trpc } from '../../trpc';
import { chooseDraft, localDraftKey, readLocalDraft, writeLocalDraft } from './draftStore';

/** How long after the last key the draft goes to the server. */
export const DRAFT_SAVE_DELAY_MS = 800;

export type DraftStatus = 'idle' | 'saving' | 'saved' | 'offline';

/**
 * The attempt editor's code, never lost (issue 24): kept in this browser at every change (so a
 * reload paints it at once) and on the server a moment after the last key (so Back, a later visit
 * and another device find it). The server's copy replaces the local one when it is newer and the
 * user has not typed yet. A pending save is sent when the page goes away.
 */
export function useProblemDraft(problemId: number, starter: string) {
  const user = useOptionalUser();
  const key = user ? localDraftKey(user.username, problemId) : null;
  const [code, setCodeState] = useState(() =>
    chooseDraft(key ? readLocalDraft(key) : null, null, starter),
  );
  const [status, setStatus] = useState<DraftStatus>('idle');
  const typed = useRef(false);
  const adopted = useRef(false);
  const server = trpc.problem.draft.useQuery(
    { problemId },
    { enabled: user !== null, staleTime: 0, gcTime: 0, refetchOnWindowFocus: false },
  );
  const save = trpc.problem.saveDraft.useMutation();
  const { mutateAsync } = save;

  useEffect(() => {
    if (adopted.current || server.data === undefined || typed.current) return;
    adopted.current = true;
    const chosen = chooseDraft(key ? readLocalDraft(key) : null, server.data, starter);
    setCodeState(chosen);
  }, [server.data, key, starter]);

  const pending = useRef<{ timer: number; code: string } | null>(null);
  const send = useCallback(
    (text: string) => {
      setStatus('saving');
      mutateAsync({ problemId, code: text }).then(
        () => setStatus((now) => (now === 'saving' ? 'saved' : now)),
        () => setStatus('offline'),
      );
    },
    [mutateAsync, problemId],
  );
  const flush = useCallback(() => {
    const waiting = pending.current;
    if (!waiting) return;
    window.clearTimeout(waiting.timer);
    pending.current = null;
    send(waiting.code);
  }, [send]);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const setCode = useCallback(
    (text: string) => {
      typed.current = true;
      setCodeState(text);
      if (key) writeLocalDraft(key, { code: text, savedAt: Date.now() });
      if (!user) return;
      if (pending.current) window.clearTimeout(pending.current.timer);
      pending.current = {
        code: text,
        timer: window.setTimeout(() => {
          pending.current = null;
          send(text);
        }, DRAFT_SAVE_DELAY_MS),
      };
    },
    [key, user, send],
  );

  return { code, setCode, status, restoring: user !== null && server.isPending };
}
