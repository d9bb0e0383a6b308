import { describe, expect, it } from 'vitest';
import { afterSignIn } from './afterSignIn';

describe('afterSignIn', () => {
  it('opens the page a signed-out visitor asked for, with its query and hash', () => {
    expect(afterSignIn({ from: '/question/42' })).toBe('/question/42');
    expect(afterSignIn({ from: '/home?order=active#top' })).toBe('/home?order=active#top');
  });

  it('goes to /home (SPEC §2) without one', () => {
    expect(afterSignIn(null)).toBe('/home');
    expect(afterSignIn(undefined)).toBe('/home');
    expect(afterSignIn({})).toBe('/home');
    expect(afterSignIn({ from: 42 })).toBe('/home');
  });

  it('never leaves the site nor returns to the login screens', () => {
    expect(afterSignIn({ from: 'https://evil.example/' })).toBe('/home');
    expect(afterSignIn({ from: '//evil.example/' })).toBe('/home');
    expect(afterSignIn({ from: '/\\evil.example/' })).toBe('/home');
    expect(afterSignIn({ from: '/' })).toBe('/home');
    expect(afterSignIn({ from: '/signup?x=1' })).toBe('/home');
  });
});
