import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

const HIGHLIGHT_MS = 2500;

/**
 * Takes the reader to the address's #fragment on a page whose content arrives after it opens (a
 * notification's answer or comment): once the element exists it is scrolled to the middle of the
 * view, focused (so a screen reader starts there) and highlighted for a moment. Each fragment once:
 * later changes to the content do not move the reader again.
 */
export function useScrollToHash(content: unknown): void {
  const { hash, key } = useLocation();
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!hash || content === undefined || done.current === key) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    done.current = key;
    target.scrollIntoView({ block: 'center' });
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
    target.classList.add('is-target');
    window.setTimeout(() => target.classList.remove('is-target'), HIGHLIGHT_MS);
  }, [hash, key, content]);
}
