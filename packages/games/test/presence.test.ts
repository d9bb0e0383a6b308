import { PRESENCE_COLORS, presenceColor } from '@app/validators';
import { describe, expect, it } from 'vitest';
import {
  decodeAwarenessUpdate,
  encodeAwarenessUpdate,
  PresenceError,
  stampPresence,
  trustedPresence,
} from '../src';

const cursor = { anchor: { type: null, tname: 'code', item: null, assoc: 0 }, head: null };
const claimed = (user: unknown, extra: Record<string, unknown> = {}) =>
  encodeAwarenessUpdate([{ clientID: 42, clock: 3, state: { user, cursor, ...extra } }]);
const OVERLAY = 'red; position: fixed; inset: 0; z-index: 9999';

describe('a cursor (awareness update) as the server passes it on', () => {
  it('carries the session user’s name and palette colour, whatever name and colour were claimed', () => {
    const stamped = decodeAwarenessUpdate(
      stampPresence(claimed({ name: 'carol', color: OVERLAY, colorLight: OVERLAY }), 'alice'),
    );
    expect(stamped).toEqual([
      {
        clientID: 42,
        clock: 3,
        state: { user: { name: 'alice', ...presenceColor('alice') }, cursor },
      },
    ]);
  });

  it('keeps only the cursor besides the user', () => {
    const [entry] = decodeAwarenessUpdate(
      stampPresence(claimed({}, { banner: 'x'.repeat(99) }), 'bob'),
    );
    expect(Object.keys(entry?.state ?? {}).sort()).toEqual(['cursor', 'user']);
  });

  it('passes a leaving cursor (null state) on as it is', () => {
    const gone = encodeAwarenessUpdate([{ clientID: 42, clock: 4, state: null }]);
    expect(stampPresence(gone, 'alice')).toEqual(gone);
  });

  it('refuses junk, trailing bytes, a state that is not an object and more than one entry', () => {
    const two = encodeAwarenessUpdate([
      { clientID: 1, clock: 1, state: {} },
      { clientID: 2, clock: 1, state: {} },
    ]);
    for (const bytes of [
      new Uint8Array([1, 2, 3]),
      new Uint8Array([...claimed({}), 0]),
      encodeAwarenessUpdate([{ clientID: 1, clock: 1, state: [] as never }]),
      two,
      new Uint8Array(0),
    ]) {
      expect(() => stampPresence(bytes, 'alice')).toThrow(PresenceError);
    }
  });
});

describe('a cursor as a client draws it', () => {
  it('takes a colour of the palette, and turns any other into the name’s own', () => {
    const [kept] = decodeAwarenessUpdate(
      trustedPresence(claimed({ name: 'bob', color: PRESENCE_COLORS[2] })),
    );
    expect(kept?.state?.user).toEqual({
      name: 'bob',
      color: PRESENCE_COLORS[2],
      colorLight: `${PRESENCE_COLORS[2]}33`,
    });
    const [fixed] = decodeAwarenessUpdate(
      trustedPresence(claimed({ name: 'bob', color: OVERLAY, colorLight: OVERLAY })),
    );
    expect(fixed?.state?.user).toEqual({ name: 'bob', ...presenceColor('bob') });
    const [nameless] = decodeAwarenessUpdate(trustedPresence(claimed({ name: 7 })));
    expect(nameless?.state?.user).toEqual({ name: '', ...presenceColor('') });
  });
});
