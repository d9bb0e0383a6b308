/**
 * Bulk synthetic questions by synthetic members, for the benchmarks: many thousands, deterministic.
 * A benchmark fixture, not demo content: it inserts rows with prepared statements and sets each
 * denormalised counter from the rows it inserts, because going through the API's procedures would
 * turn seconds of seeding into hours. The demo content (packages/seed) goes through the procedures.
 */
import type { Db } from '@app/db';
import { DEFAULT_TAG_DESCRIPTION, tagKey } from '@app/validators';
import { randomGenerator } from './random';
import { TAG_DESCRIPTIONS } from '@app/seed';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const words = (list: string) => list.trim().split(/\s+/);
const phrases = (list: string) => list.split('|').map((phrase) => phrase.trim());

const COMMON_TAGS = words(`
  javascript python java c# php android html jquery c++ css ios sql mysql r node.js reactjs
  arrays c asp.net json python-3.x ruby typescript react sqlite django swift regex excel pandas
  angular linux spring git docker postgresql string bash rust go kotlin vue.js express mongodb
  numpy
`);
const SYNTHETIC_TAGS = 160;

const VERBS = words(`
  sort parse filter merge convert validate render debounce cache stream serialize index test
  deploy format split
`);
const NOUNS = words(`
  array string object list map date file request response query table component promise function
  class module buffer template error event
`);
const CONTEXTS = phrases(`
  in a loop | without blocking | with types | in production | on the server | in the browser |
  with a regex | in one query | from an API | asynchronously | in place | by key
`);
const FILLER = phrases(`
  I tried | the docs say | it works locally but | after upgrading | when the input is large |
  the result is empty | performance is poor | there is an off-by-one error | the types do not
  line up | it throws undefined
`);

/** Zipf-like pick below n: low values much more often (more so with a higher power), like real usage. */
const skewed = (random: () => number, n: number, power = 2.5) =>
  Math.min(n - 1, Math.floor(n * random() ** power));

/** Moves k random distinct elements to the front (a partial Fisher-Yates shuffle, in place). */
function shuffleFront<T>(list: T[], k: number, random: () => number): T[] {
  for (let i = 0; i < k && i < list.length - 1; i++) {
    const j = i + Math.floor(random() * (list.length - i));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

export interface SeedManyResult {
  questions: number;
  answers: number;
  tags: number;
  ms: number;
}

/**
 * Inserts `count` synthetic questions (tags, answers, votes and views by synthetic members) in one
 * transaction with prepared statements, keeping every denormalised counter equal to its rows. The
 * full-text index follows through its triggers. Deterministic for a given seed. For benchmarks.
 */
export function seedManyQuestions(
  db: Db,
  count: number,
  options: { seed?: number; now?: number } = {},
): SeedManyResult {
  const started = Date.now();
  const random = randomGenerator(options.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const now = options.now ?? Date.now();
  const sqlite = db.$client;

  const insertUser = sqlite.prepare(
    "insert into users (username, biography, date_joined) values (?, '', ?) on conflict do nothing",
  );
  const userIdOf = sqlite.prepare<[string], { id: number }>(
    'select id from users where lower(username) = lower(?)',
  );
  const insertTag = sqlite.prepare(
    'insert into tags (name, name_key, description) values (?, ?, ?) on conflict do nothing',
  );
  const tagIdOf = sqlite.prepare<[string], { id: number }>(
    'select id from tags where name_key = ?',
  );
  const insertQuestion = sqlite.prepare(
    `insert into questions (title, text, asked_by, ask_date_time, last_activity_at, answer_count, view_count,
       up_vote_count, down_vote_count) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertQuestionTag = sqlite.prepare(
    'insert into question_tags (question_id, tag_id, position) values (?, ?, ?)',
  );
  const insertAnswer = sqlite.prepare(
    'insert into answers (question_id, text, ans_by, ans_date_time) values (?, ?, ?, ?)',
  );
  const insertVote = sqlite.prepare(
    'insert into question_votes (question_id, user_id, value) values (?, ?, ?)',
  );
  const insertView = sqlite.prepare(
    'insert into question_views (question_id, user_id, viewed_at) values (?, ?, ?)',
  );

  let answerTotal = 0;
  const tagNames = [
    ...COMMON_TAGS,
    ...Array.from({ length: SYNTHETIC_TAGS }, (_, i) => `topic-${i + 1}`),
  ];

  // Indexing rows one by one through the insert trigger is about three times slower than indexing them
  // in one statement at the end: set the trigger aside for the bulk insert, then put it back, all
  // inside the one transaction, so no other writer ever sees the index out of step.
  const ftsTrigger = sqlite
    .prepare<[], { sql: string }>(
      "select sql from sqlite_master where type = 'trigger' and name = 'questions_fts_after_insert'",
    )
    .get();
  const firstNewId = () =>
    sqlite.prepare<[], { id: number }>('select coalesce(max(id), 0) + 1 as id from questions').get()
      ?.id ?? 1;

  sqlite.transaction(() => {
    const fromId = firstNewId();
    if (ftsTrigger) sqlite.exec('drop trigger questions_fts_after_insert');
    const members = Array.from({ length: 40 }, (_, i) => {
      insertUser.run(`member${i + 1}`, now - 800 * DAY);
      return userIdOf.get(`member${i + 1}`)?.id ?? 0;
    });
    const tagIds = tagNames.map((name) => {
      insertTag.run(name, tagKey(name), TAG_DESCRIPTIONS[name] ?? DEFAULT_TAG_DESCRIPTION);
      return tagIdOf.get(tagKey(name))?.id ?? 0;
    });
    // Questions arrive over two years, ids in time order as on a live site.
    const span = 730 * DAY;
    for (let i = 0; i < count; i++) {
      const asked = now - span + Math.floor(((i + random()) / count) * span);
      const noun = pick(NOUNS);
      const title = `How to ${pick(VERBS)} a ${noun} ${pick(CONTEXTS)}?`;
      const text = `${pick(FILLER)} to ${pick(VERBS)} the ${noun}, ${pick(FILLER)}. My ${pick(NOUNS)} and ${pick(NOUNS)} ${pick(CONTEXTS)}; ${pick(FILLER)}.`;
      const asker = pick(members);
      const answerCount = random() < 0.35 ? 0 : 1 + skewed(random, 4);
      const viewCount = skewed(random, 40, 8);
      const voteCount = skewed(random, 8);
      const downVotes = Math.floor(voteCount * random() * 0.4);
      const answerTimes = Array.from({ length: answerCount }, (_, k) =>
        Math.min(now, asked + (k + 1) * Math.floor(random() * 3 * DAY)),
      ).sort((a, b) => a - b);
      const lastActivity = answerTimes.at(-1) ?? asked;
      // Distinct members for answers, votes and views: a view and a vote are one per user.
      const shuffled = shuffleFront(members, Math.max(answerCount, viewCount, voteCount), random);

      const qid = Number(
        insertQuestion.run(
          title,
          text,
          asker,
          asked,
          lastActivity,
          answerCount,
          viewCount,
          voteCount - downVotes,
          downVotes,
        ).lastInsertRowid,
      );
      const chosen = new Set<number>();
      const wanted = 1 + skewed(random, 5);
      while (chosen.size < wanted) chosen.add(tagIds[skewed(random, tagIds.length)] ?? 0);
      [...chosen].forEach((tagId, position) => insertQuestionTag.run(qid, tagId, position));
      answerTimes.forEach((time, k) =>
        insertAnswer.run(
          qid,
          `You can ${pick(VERBS)} the ${noun} ${pick(CONTEXTS)}; ${pick(FILLER)}.`,
          shuffled[k],
          time,
        ),
      );
      for (let k = 0; k < voteCount; k++) insertVote.run(qid, shuffled[k], k < downVotes ? -1 : 1);
      for (let k = 0; k < viewCount; k++)
        insertView.run(qid, shuffled[k], Math.min(now, asked + (k + 1) * HOUR));
      answerTotal += answerCount;
    }
    if (ftsTrigger) {
      sqlite
        .prepare(
          'insert into questions_fts (rowid, title, text) select id, title, text from questions where id >= ?',
        )
        .run(fromId);
      sqlite.exec(ftsTrigger.sql);
    }
  })();
  // Fresh statistics help the planner with the new data's shape.
  sqlite.exec('analyze');
  return {
    questions: count,
    answers: answerTotal,
    tags: tagNames.length,
    ms: Date.now() - started,
  };
}
