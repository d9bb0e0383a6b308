import { trustedPresence } from '@app/games';
import { PRESENCE_COLORS, presenceColor } from '@app/validators';
import { afterEach, describe, expect, it } from 'vitest';
import { applyAwarenessUpdate, Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';

// The shared editor draws other players' cursors from y-protocols awareness states; y-codemirror.next
// writes a state's colour into a style attribute. What the editor applies is trustedPresence's
// output: only palette colours reach the awareness it draws from.

const made: Awareness[] = [];
const awareness = () => {
  const created = new Awareness(new Y.Doc());
  made.push(created);
  return created;
};
afterEach(() => made.splice(0).forEach((a) => a.destroy()));

/** What another browser's awareness would send, claiming this user. */
function sent(user: Record<string, unknown>): Uint8Array {
  const sender = awareness();
  sender.setLocalStateField('user', user);
  return encodeAwarenessUpdate(sender, [sender.clientID]);
}

/** The user the receiving editor would draw. */
function drawn(update: Uint8Array) {
  const receiver = awareness();
  applyAwarenessUpdate(receiver, trustedPresence(update), 'remote');
  const [state] = [...receiver.getStates().values()].filter((s) => s.user);
  return state?.user as { name: string; color: string; colorLight: string };
}

describe('remote cursors in the shared editor', () => {
  it('draws a palette colour as sent, with its tint', () => {
    const color = PRESENCE_COLORS[1];
    expect(drawn(sent({ name: 'bob', color, colorLight: 'url(https://evil.example)' }))).toEqual({
      name: 'bob',
      color,
      colorLight: `${color}33`,
    });
  });

  it('never draws a colour off the palette: a style injection becomes the name’s own colour', () => {
    const overlay = 'red; position: fixed; inset: 0; z-index: 9999';
    const user = drawn(sent({ name: 'bob', color: overlay, colorLight: overlay }));
    expect(user).toEqual({ name: 'bob', ...presenceColor('bob') });
    expect(PRESENCE_COLORS).toContain(user.color);
  });
});
