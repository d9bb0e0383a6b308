import { useSyncExternalStore } from 'react';

/**
 * How far the viewer has looked in the global chat: the newest message id they have seen, kept in
 * this browser per account (so it survives a reload, and other tabs follow through 'storage').
 */
const keyOf = (me: string) => `fso:global-chat-seen:${me}`;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage refused (private mode): nothing is remembered, nothing breaks
  }
}

/** The newest global message id `me` has seen here: 0 when the room was empty, null if never looked. */
export function seenUpTo(me: string): number | null {
  const raw = storage()?.getItem(keyOf(me));
  const value = Number(raw);
  return raw && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** `me` has seen the global chat up to message `id`, 0 for an empty room (never moves back). */
export function markSeenUpTo(me: string, id: number): void {
  const seen = seenUpTo(me);
  if (!Number.isSafeInteger(id) || id < 0 || (seen !== null && id <= seen)) return;
  try {
    storage()?.setItem(keyOf(me), String(id));
  } catch {
    // A full or refused storage: the mark stays until the next look.
  }
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** seenUpTo, kept current (this tab and the others). */
export function useSeenUpTo(me: string): number | null {
  return useSyncExternalStore(
    subscribe,
    () => seenUpTo(me),
    () => null,
  );
}

/**
 * Whether the global chat has news for `me`: its newest message came from someone else after the
 * newest one `me` has seen. Their own message is never news; nor is anything before a first look
 * (null: the room as first found is taken as seen).
 */
export function hasGlobalNews(
  newest: { id: number; msgFrom: string } | undefined,
  seen: number | null,
  me: string,
): boolean {
  return newest !== undefined && seen !== null && newest.msgFrom !== me && newest.id > seen;
}
