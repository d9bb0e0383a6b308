import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UserContext, type CurrentUser, type UserContextValue } from '../session/context';
import { FlagButton } from './FlagButton';
import { FlagContext, type SendFlag } from './flagging';

const alice = { username: 'alice', biography: '', dateJoined: new Date(0) } as CurrentUser;
const signedIn: UserContextValue = {
  user: alice,
  logout: async () => {},
  deleteAccount: async () => {},
  setUser: () => {},
};
const send: SendFlag = async () => ({});

function render(author: string, { flag = true, user = true } = {}) {
  const button = <FlagButton kind="answer" id={7} author={author} />;
  const withFlag = flag ? (
    <FlagContext.Provider value={send}>{button}</FlagContext.Provider>
  ) : (
    button
  );
  return renderToString(
    user ? <UserContext.Provider value={signedIn}>{withFlag}</UserContext.Provider> : withFlag,
  );
}

describe('FlagButton', () => {
  it('offers others’ posts a closed Flag action that names the form it opens', () => {
    const html = render('bob');
    expect(html).toContain('>Flag</button>');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toMatch(/aria-controls="[^"]+"/);
  });

  it('is not offered on one’s own post, when signed out, or outside the app’s frame', () => {
    expect(render('alice')).toBe('');
    expect(render('bob', { user: false })).toBe('');
    expect(render('bob', { flag: false })).toBe('');
  });
});
