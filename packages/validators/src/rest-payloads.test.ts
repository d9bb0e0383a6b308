import { describe, expect, it } from 'vitest';
import './zod-messages';
import { gameMessages } from './games';
import {
  BiographyPayload,
  CreateGamePayload,
  restId,
  TestCodePayload,
  type RestPayload,
} from './rest-payloads';

/** The sentence a payload is refused with, or null when it is read. */
function refusal(payload: RestPayload<unknown>, body: unknown): string | null {
  const read = payload.safeParse(body);
  return read.success ? null : (read.error.issues[0]?.message ?? '');
}

describe('REST payloads: a missing or wrongly typed field is refused, never read as a default', () => {
  it('a biography update needs the biography as text (an empty one clears it on purpose)', () => {
    expect(refusal(BiographyPayload, {})).toBe('The biography is missing.');
    expect(refusal(BiographyPayload, { bio: 'x' })).toBe('The biography is missing.');
    expect(refusal(BiographyPayload, { biography: 42 })).toBe(
      'The biography is not a valid string.',
    );
    expect(refusal(BiographyPayload, { biography: '' })).toBeNull();
  });

  it('a room’s password is text or absent; null reads as absent', () => {
    for (const password of [1234, ['x'], { x: 'y' }, true])
      expect(refusal(CreateGamePayload, { gameType: 'Nim', initialGameState: { password } })).toBe(
        'The password is not a valid string.',
      );
    expect(
      refusal(CreateGamePayload, { gameType: 'Nim', initialGameState: { password: null } }),
    ).toBeNull();
    expect(refusal(CreateGamePayload, { gameType: 'Chess' })).toBe(gameMessages.unknownGameType);
  });

  it('/testCode needs code with something in it', () => {
    for (const code of ['', ' \n\t', undefined, 42, ['x']])
      expect(refusal(TestCodePayload, { code, gameId: 'abc' })).toBe(gameMessages.emptySolution);
    expect(refusal(TestCodePayload, { code: 'return 1;', gameId: 'abc' })).toBeNull();
  });

  it('an id is a positive whole number or its digits as text', () => {
    expect(restId('question id').parse('12')).toBe(12);
    expect(restId('question id').parse(12)).toBe(12);
    for (const id of ['1.5', '-3', 0, 1.5, '', null, [1]])
      expect(refusal(restId('question id'), id)).toBe('Invalid question id');
  });
});
