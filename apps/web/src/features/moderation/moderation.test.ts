import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../shared/session/context';
import { itemHref } from './itemLink';
import { applyAccountEvent } from './live';

const bob = { username: 'bob', biography: '', dateJoined: new Date(0) } as CurrentUser;

describe('applyAccountEvent', () => {
  it('starts and ends the signed-in user’s suspension, and ignores anyone else’s', () => {
    const until = new Date('2030-01-02T00:00:00Z');
    const suspended = applyAccountEvent(bob, {
      type: 'suspended',
      username: 'bob',
      suspendedUntil: until,
      reason: 'spam',
    });
    expect(suspended).toMatchObject({ suspendedUntil: until, suspensionReason: 'spam' });
    expect(applyAccountEvent(suspended, { type: 'unsuspended', username: 'bob' })).toMatchObject({
      suspendedUntil: null,
      suspensionReason: null,
    });
    expect(applyAccountEvent(bob, { type: 'unsuspended', username: 'carol' })).toBe(bob);
  });

  it('gives the signed-in user a role granted or revoked from the command line, so Review shows at once', () => {
    const granted = applyAccountEvent(bob, { type: 'role', username: 'bob', role: 'moderator' });
    expect(granted.role).toBe('moderator');
    expect(applyAccountEvent(granted, { type: 'role', username: 'bob', role: 'user' }).role).toBe(
      'user',
    );
  });
});

describe('itemHref', () => {
  it('links each flagged item to where it is shown', () => {
    expect(itemHref('question', { qid: 3 })).toBe('/question/3');
    expect(itemHref('answer', { qid: 3, answerId: 9 })).toBe('/question/3#answer-9');
    expect(itemHref('comment', { qid: 3, commentId: 4 })).toBe('/question/3#comment-4');
    expect(itemHref('problem', { problemId: 5 })).toBe('/problem/5');
    expect(itemHref('global_message', {})).toBe('/messaging');
    expect(itemHref('chat_message', { chatId: 2 })).toBeNull();
  });
});
