// The attempt editor's draft as this browser keeps it: the first paint before the server answers,
// and the copy that survives while the server cannot be reached. The server's draft is the one
// that travels to other devices; the newer of the two wins.

const PREFIX = 'fso:problem-draft:v1:';

export interface LocalDraft {
  code: string;
  savedAt: number;
}

export const localDraftKey = (username: string, problemId: number): string =>
  `${PREFIX}${username}:${problemId}`;

export function readLocalDraft(key: string): LocalDraft | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<LocalDraft> | null;
    if (!value || typeof value.code !== 'string' || typeof value.savedAt !== 'number') return null;
    return { code: value.code, savedAt: value.savedAt };
  } catch {
    return null;
  }
}

// Private windows and full storage throw: the local copy is a convenience, never a reason to fail.
export function writeLocalDraft(key: string, draft: LocalDraft): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // the server keeps it
  }
}

/**
 * The code the editor opens with: the newer of this browser's copy and the server's (another device
 * may have saved later), else the starter code (the function signature).
 */
export function chooseDraft(
  local: LocalDraft | null,
  server: { code: string; updatedAt: Date } | null,
  starter: string,
): string {
  if (local && (!server || local.savedAt >= server.updatedAt.getTime())) return local.code;
  if (server) return server.code;
  return starter;
}
