import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  LoginContext,
  useLoginContext,
  useOptionalUser,
  UserContext,
  useUserContext,
  type CurrentUser,
  type LoginContextValue,
  type UserContextValue,
} from './context';

/** What a hook gives a component rendered inside `wrap` (or alone). */
function use<T>(hook: () => T, wrap: (child: ReactNode) => ReactNode = (c) => c): T {
  let value: { result: T } | null = null;
  function Probe() {
    value = { result: hook() };
    return null;
  }
  renderToString(wrap(<Probe />));
  return (value as unknown as { result: T }).result;
}

const alice = { username: 'alice', biography: '', dateJoined: new Date(0) } as CurrentUser;
const signedIn: UserContextValue = {
  user: alice,
  logout: async () => {},
  deleteAccount: async () => {},
  setUser: () => {},
};
const login: LoginContextValue = {
  login: async () => {},
  signup: async () => {},
  notice: null,
  clearNotice: () => {},
};

describe('the auth contexts (SPEC §4)', () => {
  it("says 'User context is null.' to a screen that needs a user when nobody is signed in", () => {
    expect(() => use(useUserContext)).toThrow('User context is null.');
  });

  it("says 'Login context is null.' outside the auth provider", () => {
    expect(() => use(useLoginContext)).toThrow('Login context is null.');
  });

  it('gives the signed-in user to screens inside the provider', () => {
    const wrap = (child: ReactNode) => (
      <UserContext.Provider value={signedIn}>{child}</UserContext.Provider>
    );
    expect(use(useUserContext, wrap).user.username).toBe('alice');
    expect(use(useOptionalUser, wrap)?.username).toBe('alice');
  });

  it('gives route guards no user, without throwing, when nobody is signed in', () => {
    expect(use(useOptionalUser)).toBeNull();
  });

  it('gives the login screens their actions inside the provider', () => {
    const wrap = (child: ReactNode) => (
      <LoginContext.Provider value={login}>{child}</LoginContext.Provider>
    );
    expect(use(useLoginContext, wrap)).toBe(login);
  });
});
