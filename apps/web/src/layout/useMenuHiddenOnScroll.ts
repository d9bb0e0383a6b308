import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** Where the menu becomes a bar under the header (layout.css). */
const PHONE = '(max-width: 760px)';
/** Near the top of the page the bar always shows. */
const ALWAYS_SHOWN_ABOVE = 120;
/** Scrolls smaller than this (a finger's jitter) change nothing. */
const MIN_SCROLL = 8;

/**
 * On phones, whether the menu bar should slide away: scrolling down hides it (the header alone stays,
 * so reading gets the screen), scrolling up or going to another page shows it again.
 */
export function useMenuHiddenOnScroll(): boolean {
  const { pathname } = useLocation();
  // The page the bar was hidden on: a new page shows it again without an extra render.
  const [hiddenOn, setHiddenOn] = useState<string | null>(null);

  useEffect(() => {
    const phone = window.matchMedia(PHONE);
    let last = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const y = window.scrollY;
        if (!phone.matches || y < ALWAYS_SHOWN_ABOVE) {
          last = y;
          setHiddenOn(null);
          return;
        }
        if (Math.abs(y - last) < MIN_SCROLL) return;
        const down = y > last;
        last = y;
        setHiddenOn(down ? window.location.pathname : null);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  return hiddenOn === pathname;
}
