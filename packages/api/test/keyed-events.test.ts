import { databaseKind, dialect } from '@app/db';
import { describe, expect, it } from 'vitest';
import { createTestWorld } from './helpers';

describe('keyed topics', () => {
  it('a subscriber to one key replays only that key’s events, then only its live ones', async () => {
    const world = await createTestWorld();
    const start = await world.publish('question', 1, { type: 'viewed', qid: 1, viewCount: 1 });
    await world.publish('question', 2, { type: 'viewed', qid: 2, viewCount: 1 });
    const mine = await world.publish('question', 1, { type: 'viewed', qid: 1, viewCount: 2 });

    const replay = await world.deps.events.replay('question', '1', start.id, 100);
    expect(replay.map((e) => e.id)).toEqual([mine.id]);

    const live = new AbortController();
    const watcher = await world.signedIn('watcher');
    const events = await world.readEvents(
      watcher.listen(live.signal).question.onQuestionUpdated({ qid: 1, lastEventId: start.id }),
    );
    await world.publish('question', 2, { type: 'viewed', qid: 2, viewCount: 2 });
    const later = await world.publish('question', 1, { type: 'viewed', qid: 1, viewCount: 3 });
    expect(await events.take(2)).toEqual([
      { id: mine.id, data: mine.payload },
      { id: later.id, data: later.payload },
    ]);
    live.abort();
  });

  // SQLite's query planner; PostgreSQL's plans are its own.
  it.runIf(databaseKind === 'sqlite')(
    'reads one key’s events through its index, not by scanning the topic',
    async () => {
      const world = await createTestWorld();
      const plan = await dialect.explainQueryPlan(
        world.db,
        'select id from events where topic = ? and key = ? and id > ? order by id limit ?',
        ['question', '1', 0, 100],
      );
      expect(plan.join('\n')).toMatch(/USING (COVERING )?INDEX events_topic_key/);
    },
  );

  it('event ids are opaque strings; an id the bus never gave replays from the start', async () => {
    const world = await createTestWorld();
    const first = await world.publish('user', 'ann', {
      type: 'updated',
      user: { username: 'ann', biography: '', dateJoined: new Date(0), reputation: 1 },
    });
    expect(typeof first.id).toBe('string');
    for (const odd of ['', 'abc', '-1', '1e3', '9'.repeat(40)]) {
      const replay = await world.deps.events.replay('user', null, odd, 10);
      expect(replay.map((e) => e.id)).toEqual([first.id]);
    }
  });
});
