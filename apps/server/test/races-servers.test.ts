import { describe, expect, it } from 'vitest';
import { useServerGroup, type GroupServer } from './support/server-group';
import { TrpcUser } from './sweep/fixtures';

// The rules a write checks before it writes, under requests that arrive at the same moment through
// two server processes on one database: on SQLite the file's lock runs write bodies one at a time;
// on PostgreSQL they run side by side, and keys, unique indexes and row locks must keep the rules.

const group = useServerGroup({ count: 2 });
const [a, b] = [() => group.servers[0] as GroupServer, () => group.servers[1] as GroupServer];

/** The same signed-in browser, talking to another server (the balancer sent it there). */
const on = (server: GroupServer, user: TrpcUser) =>
  new TrpcUser(server.url, user.name, user.cookie);

let names = 0;
const signUp = (prefix: string) => TrpcUser.signUp(a().url, `${prefix}${(names += 1)}`);

/** `count` calls of the same request, alternately through either server, all sent at once. */
function atOnce<T>(user: TrpcUser, count: number, call: (as: TrpcUser) => Promise<T>) {
  return Promise.allSettled(
    Array.from({ length: count }, (_, i) => call(on(i % 2 === 0 ? a() : b(), user))),
  );
}

const fulfilled = (results: PromiseSettledResult<unknown>[]) =>
  results.filter((result) => result.status === 'fulfilled').length;

async function askQuestion(asker: TrpcUser) {
  const { question } = await asker.mutate('question.create', {
    title: 'What happens when two servers write at once?',
    text: 'Both of them answer, and the database decides.',
    tags: ['races'],
  });
  return question.id as number;
}

describe('rules that hold for requests at the same moment through two servers', () => {
  it('one vote per user: the same upvote sent twelve times at once leaves one vote or none, and the score counts exactly the votes stored', async () => {
    const asker = await signUp('asker');
    const voter = await signUp('voter');
    const qid = await askQuestion(asker);
    const results = await atOnce(voter, 12, (as) =>
      as.mutate('question.vote', { qid, vote: 'up' }),
    );
    expect(fulfilled(results)).toBe(12);
    const question = await voter.query('question.byId', { qid });
    expect(question.upVotes.length).toBeLessThanOrEqual(1);
    expect(question.downVotes).toEqual([]);
    // Twelve toggles from none end where they began.
    expect(question.upVotes).toEqual([]);
    expect(question.voteScore).toBe(question.upVotes.length - question.downVotes.length);
    expect(question.myVote).toBe(0);
  });

  it('one view per user: ten views at once count once', async () => {
    const asker = await signUp('asker');
    const reader = await signUp('reader');
    const qid = await askQuestion(asker);
    const results = await atOnce(reader, 10, (as) => as.mutate('question.view', { qid }));
    expect(fulfilled(results)).toBe(10);
    expect((await reader.query('question.byId', { qid })).viewCount).toBe(1);
  });

  it('a Nim game seats two: six people joining at once, through either server, leave two seated', async () => {
    const host = await signUp('host');
    const { game } = await host.mutate('game.createNim', {
      seatCreator: false,
      title: 'Race to the seats',
    });
    const players = await Promise.all(Array.from({ length: 6 }, () => signUp('player')));
    const results = await Promise.allSettled(
      players.map((player, i) =>
        on(i % 2 === 0 ? a() : b(), player).mutate('game.join', { id: game.id }),
      ),
    );
    expect(fulfilled(results)).toBe(2);
    const room = await players[0]!.query('game.byId', { id: game.id });
    expect(room.players).toHaveLength(2);
  });

  it('a Nim move only on one’s turn: five moves sent at once by the player to move take one turn', async () => {
    const [first, second] = [await signUp('first'), await signUp('second')];
    const { game } = await first.mutate('game.createNim', {
      seatCreator: false,
      title: 'Race to move',
    });
    await first.mutate('game.join', { id: game.id });
    await second.mutate('game.join', { id: game.id });
    const before = await first.query('game.byId', { id: game.id });
    const mover = before.state.player1 === first.name ? first : second;
    const results = await atOnce(mover, 5, (as) =>
      as.mutate('game.nimMove', { id: game.id, numObjects: 1 }),
    );
    expect(fulfilled(results)).toBe(1);
    const after = await first.query('game.byId', { id: game.id });
    expect(after.state.moves).toHaveLength(1);
    expect(after.state.remainingObjects).toBe(before.state.remainingObjects - 1);
  });

  it('one accepted answer: accepting two answers at once leaves exactly one of them accepted', async () => {
    const asker = await signUp('asker');
    const qid = await askQuestion(asker);
    const answers: number[] = [];
    for (const who of [await signUp('helper'), await signUp('helper')]) {
      const { answer } = await who.mutate('answer.create', { qid, text: 'Here is how.' });
      answers.push(answer.id as number);
    }
    const results = await Promise.allSettled(
      answers.map((answerId, i) =>
        on(i === 0 ? a() : b(), asker).mutate('answer.accept', { answerId }),
      ),
    );
    expect(fulfilled(results)).toBe(2);
    const question = await asker.query('question.byId', { qid });
    expect(answers).toContain(question.acceptedAnswerId);
  });

  it('two people creating their chat at the same moment, on different servers, get one chat', async () => {
    const [ann, bo] = [await signUp('ann'), await signUp('bo')];
    const [fromAnn, fromBo] = await Promise.all([
      on(a(), ann).mutate('chat.create', { username: bo.name }),
      on(b(), bo).mutate('chat.create', { username: ann.name }),
    ]);
    expect(fromAnn.chat.id).toBe(fromBo.chat.id);
    expect([fromAnn.created, fromBo.created].sort()).toEqual([false, true]);
    expect(await ann.query('chat.list')).toHaveLength(1);
  });
});
