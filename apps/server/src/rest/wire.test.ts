import { describe, expect, it } from 'vitest';
import { wireChat, wireQuestion, wireTagWithCount, wireUser } from './wire';

const at = new Date('2025-01-02T03:04:05.000Z');

describe('wire shapes (SPEC §3 names)', () => {
  it('gives a user only its public fields', () => {
    const user = { username: 'ann', biography: 'hi', dateJoined: at, passwordHash: 'scrypt$x' };
    expect(wireUser(user)).toEqual({ username: 'ann', biography: 'hi', dateJoined: at });
    expect(JSON.stringify(wireUser(user))).toContain('"2025-01-02T03:04:05.000Z"');
  });

  it('names a question with _id, tags as objects, views as a list and populated answers', () => {
    const comment = { id: 5, text: 'c', commentBy: 'bob', commentDateTime: at };
    const wire = wireQuestion({
      id: 1,
      title: 't',
      text: 'x',
      tags: [{ id: 2, name: 'react', description: 'd' }],
      askedBy: 'ann',
      askDateTime: at,
      upVotes: ['bob'],
      downVotes: [],
      viewCount: 3,
      comments: [comment],
      answers: [{ id: 4, text: 'a', ansBy: 'bob', ansDateTime: at, comments: [comment] }],
    });
    expect(wire).toEqual({
      _id: '1',
      title: 't',
      text: 'x',
      tags: [{ _id: '2', name: 'react', description: 'd' }],
      askedBy: 'ann',
      askDateTime: at,
      answers: [
        {
          _id: '4',
          text: 'a',
          ansBy: 'bob',
          ansDateTime: at,
          comments: [{ _id: '5', text: 'c', commentBy: 'bob', commentDateTime: at }],
        },
      ],
      upVotes: ['bob'],
      downVotes: [],
      views: ['', '', ''],
      comments: [{ _id: '5', text: 'c', commentBy: 'bob', commentDateTime: at }],
    });
  });

  it('gives tags their qcnt and chats their messages', () => {
    expect(wireTagWithCount({ id: 1, name: 'n', description: 'd', qcnt: 2 })).toEqual({
      _id: '1',
      name: 'n',
      description: 'd',
      qcnt: 2,
    });
    const chat = wireChat({ id: 7, participants: ['a', 'b'], createdAt: at }, [
      { id: 9, msg: 'hi', msgFrom: 'a', msgDateTime: at },
    ]);
    expect(chat).toEqual({
      _id: '7',
      participants: ['a', 'b'],
      messages: [{ _id: '9', msg: 'hi', msgFrom: 'a', msgDateTime: at }],
      createdAt: at,
    });
  });
});
