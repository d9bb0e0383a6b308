import { describe, expect, it } from 'vitest';
import { bellLabel, MENTIONS_PER_POST, mentionedNames, notificationAction } from './notifications';

describe('mentionedNames: the @usernames a post mentions', () => {
  it('reads each name once, lower-cased, in order', () => {
    expect(mentionedNames('@Alice and @bob, then @ALICE again')).toEqual(['alice', 'bob']);
  });

  it('offers a name that ends a sentence with and without its trailing dots', () => {
    expect(mentionedNames('Thanks @bob.')).toEqual(['bob.', 'bob']);
    expect(mentionedNames('Thanks @j.doe!')).toEqual(['j.doe']);
  });

  it('skips e-mail addresses, URL paths, escaped @ and anything inside code', () => {
    const text = [
      'mail x@carol.com or see https://medium.com/@dave and \\@erin',
      '`@frank` and ``a `@gina` b``',
      '```java',
      '@Override',
      '```',
      '~~~',
      '@harry',
      '~~~',
      'but @ivan counts',
    ].join('\n');
    expect(mentionedNames(text)).toEqual(['ivan']);
  });

  it('ignores what cannot be a username: too long, or no letter or digit', () => {
    expect(mentionedNames(`@${'a'.repeat(31)} @... @_ @ok`)).toEqual(['ok']);
  });

  it(`reads at most ${MENTIONS_PER_POST} mentions`, () => {
    const text = Array.from({ length: 15 }, (_, i) => `@user${i}`).join(' ');
    expect(mentionedNames(text)).toHaveLength(MENTIONS_PER_POST);
  });
});

describe('notification wording', () => {
  it('says what happened and where', () => {
    const where = (answerId: number | null, commentId: number | null) => ({ answerId, commentId });
    expect(notificationAction('answer', where(1, null))).toBe('answered your question');
    expect(notificationAction('comment', where(null, 2))).toBe('commented on your question');
    expect(notificationAction('comment', where(1, 2))).toBe('commented on your answer to');
    expect(notificationAction('accepted', where(1, null))).toBe('accepted your answer to');
    expect(notificationAction('mention', where(null, null))).toBe('mentioned you in');
    expect(notificationAction('mention', where(1, null))).toBe('mentioned you in an answer to');
    expect(notificationAction('mention', where(1, 2))).toBe('mentioned you in a comment on');
    expect(notificationAction('message', where(null, null))).toBe('sent you a direct message');
  });

  it('names the bell with its unread count', () => {
    expect(bellLabel(0)).toBe('Notifications, none unread');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(120)).toBe('Notifications, more than 99 unread');
  });
});
