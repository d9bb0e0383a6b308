import {
  answers,
  comments,
  questions,
  questionTags,
  questionViews,
  questionVotes,
  tags,
  users,
  type Db,
  type Tx,
} from '@app/db';
import { DEFAULT_TAG_DESCRIPTION, tagKey } from '@app/validators';
import { eq, sql } from 'drizzle-orm';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Real descriptions for the tags the demo (and the synthetic bulk) use most. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  javascript:
    'For questions about programming in ECMAScript (JavaScript/JS) and its dialects. Mention the runtime (browser, Node.js) when it matters.',
  react:
    'React is a JavaScript library for building user interfaces out of components, state and props.',
  sql: 'Structured Query Language: querying and changing relational databases. Add a tag for the database engine too.',
  typescript: 'TypeScript is a typed superset of JavaScript that compiles to plain JavaScript.',
  'node.js':
    'Node.js is a JavaScript runtime built on V8 for servers, tools and scripts, with non-blocking I/O.',
  sqlite: 'SQLite is a small, fast, self-contained, embedded SQL database engine.',
  css: 'Cascading Style Sheets: the language that describes how HTML documents are presented.',
  python: 'Python is a dynamically typed, general-purpose language known for its readability.',
};

type Who = 'alice' | 'bob' | 'carol';

interface DemoQuestion {
  title: string;
  text: string;
  tags: string[];
  askedBy: Who;
  /** How long ago it was asked. */
  ago: number;
  answers: {
    text: string;
    by: Who;
    after: number;
    comments?: { text: string; by: Who; after: number }[];
  }[];
  comments: { text: string; by: Who; after: number }[];
  up: Who[];
  down: Who[];
  views: Who[];
}

const DEMO_QUESTIONS: DemoQuestion[] = [
  {
    title:
      'How do I debounce a search input in React without recreating the timer on every render?',
    text: 'My search box calls the API on every keystroke. I wrapped the handler in a debounce function, but it seems to be recreated on each render, so nothing is ever debounced. What is the idiomatic way to do this with hooks?',
    tags: ['react', 'javascript'],
    askedBy: 'bob',
    ago: 21 * DAY,
    answers: [
      {
        text: 'Keep the timer in a ref, or memoise the debounced function so it survives renders. useCallback with an empty dependency list works if the callback reads the latest value from a ref. The docs explain the trade-offs: [useCallback](https://react.dev/reference/react/useCallback).',
        by: 'alice',
        after: 3 * HOUR,
        comments: [
          {
            text: 'The ref version also avoids stale closures. Nice.',
            by: 'carol',
            after: 5 * HOUR,
          },
        ],
      },
    ],
    comments: [
      {
        text: 'Which React version are you on? 18 and 19 behave the same here, 16 does not.',
        by: 'carol',
        after: HOUR,
      },
    ],
    up: ['alice', 'carol'],
    down: [],
    views: ['alice', 'carol', 'bob'],
  },
  {
    title: 'Why does my LEFT JOIN return fewer rows after adding a WHERE clause?',
    text: "SELECT u.name, o.total FROM users u LEFT JOIN orders o ON o.user_id = u.id WHERE o.status = 'paid' drops the users without orders. I expected them to stay with NULL totals.",
    tags: ['sql', 'sqlite'],
    askedBy: 'alice',
    ago: 15 * DAY,
    answers: [
      {
        text: "A WHERE condition on the right-hand table turns the LEFT JOIN into an inner join: for users without orders o.status is NULL, and NULL = 'paid' is not true. Move the condition into the ON clause: LEFT JOIN orders o ON o.user_id = u.id AND o.status = 'paid'.",
        by: 'bob',
        after: 40 * 60 * 1000,
        comments: [{ text: 'That was it, thanks!', by: 'alice', after: 2 * HOUR }],
      },
    ],
    comments: [],
    up: ['bob', 'carol'],
    down: [],
    views: ['bob', 'carol'],
  },
  {
    title: 'TypeScript: exhaustive switch over a discriminated union',
    text: 'I have a union of event types with a `type` field. How do I make the compiler complain when I add a new member and forget to handle it in a switch?',
    tags: ['typescript'],
    askedBy: 'carol',
    ago: 10 * DAY,
    answers: [
      {
        text: 'Add a default branch that assigns the value to a variable of type never: `const unreachable: never = event;`. A new member makes that assignment fail to compile. See [narrowing](https://www.typescriptlang.org/docs/handbook/2/narrowing.html#exhaustiveness-checking).',
        by: 'alice',
        after: 6 * HOUR,
      },
      {
        text: 'With noFallthroughCasesInSwitch and a return type on the function you also get an error when a case is missing, because not every path returns.',
        by: 'bob',
        after: 2 * DAY,
      },
    ],
    comments: [],
    up: ['alice'],
    down: ['bob'],
    views: ['alice', 'bob'],
  },
  {
    title: 'Node.js: read a large file line by line without loading it into memory',
    text: 'I need to process a 4 GB log file. fs.readFile runs out of memory. What is the streaming way to go through it line by line?',
    tags: ['node.js', 'javascript'],
    askedBy: 'bob',
    ago: 6 * DAY,
    answers: [],
    comments: [
      { text: 'Is the file newline-delimited JSON or plain text?', by: 'alice', after: 9 * HOUR },
    ],
    up: [],
    down: [],
    views: ['alice'],
  },
  {
    title: 'What is the difference between useEffect and useLayoutEffect?',
    text: 'Both run after render. When should I reach for useLayoutEffect, and why do people warn against it?',
    tags: ['react'],
    askedBy: 'carol',
    ago: 3 * DAY,
    answers: [
      {
        text: 'useLayoutEffect runs synchronously after DOM mutations and before the browser paints, so you can measure layout and update without a flicker. It blocks painting, so use it only for that; useEffect runs after paint.',
        by: 'bob',
        after: 2 * HOUR,
      },
    ],
    comments: [
      {
        text: 'Also: useLayoutEffect warns during server rendering.',
        by: 'alice',
        after: 4 * HOUR,
      },
    ],
    up: ['alice', 'bob'],
    down: [],
    views: ['alice', 'bob', 'carol'],
  },
  {
    title: 'Can SQLite use an index for WHERE lower(name) = ?',
    text: 'I want case-insensitive unique usernames. Is an index on the expression lower(name) used by queries, or do I need COLLATE NOCASE on the column?',
    tags: ['sqlite', 'sql'],
    askedBy: 'alice',
    ago: 26 * HOUR,
    answers: [],
    comments: [
      {
        text: 'EXPLAIN QUERY PLAN will tell you: look for "USING INDEX".',
        by: 'bob',
        after: 3 * HOUR,
      },
    ],
    up: ['carol'],
    down: [],
    views: ['bob', 'carol'],
  },
  {
    title: 'How should a pnpm monorepo share one TypeScript config?',
    text: 'Several packages repeat the same tsconfig options. Is a tooling package with a base.json that each package extends the usual approach?',
    tags: ['typescript', 'node.js'],
    askedBy: 'bob',
    ago: 5 * HOUR,
    answers: [],
    comments: [],
    up: [],
    down: [],
    views: [],
  },
];

function demoTag(tx: Tx, name: string): number {
  const found = tx
    .select({ id: tags.id })
    .from(tags)
    .where(eq(tags.nameKey, tagKey(name)))
    .get();
  if (found) return found.id;
  const description = TAG_DESCRIPTIONS[name] ?? DEFAULT_TAG_DESCRIPTION;
  return tx
    .insert(tags)
    .values({ name, nameKey: tagKey(name), description })
    .returning({ id: tags.id })
    .get().id;
}

/**
 * A handful of realistic questions by the demo users, spread over the past weeks, with answers,
 * comments, votes and views, and the denormalised counters to match. Does nothing when questions exist,
 * so `pnpm db:seed` may run again.
 */
export function seedDemoQuestions(db: Db, now = Date.now()): void {
  const existing =
    db
      .select({ n: sql<number>`count(*)` })
      .from(questions)
      .get()?.n ?? 0;
  if (existing > 0) return;
  const userRows = db.select({ id: users.id, username: users.username }).from(users).all();
  const userId = new Map(userRows.map((u) => [u.username, u.id]));
  const id = (who: Who) => {
    const found = userId.get(who);
    if (found === undefined) throw new Error(`demo user ${who} is missing`);
    return found;
  };

  db.transaction((tx) => {
    for (const q of DEMO_QUESTIONS) {
      const asked = now - q.ago;
      const activity = [
        asked,
        ...q.comments.map((c) => asked + c.after),
        ...q.answers.flatMap((a) => [
          asked + a.after,
          ...(a.comments ?? []).map((c) => asked + c.after),
        ]),
      ];
      const qid = tx
        .insert(questions)
        .values({
          title: q.title,
          text: q.text,
          askedBy: id(q.askedBy),
          askDateTime: new Date(asked),
          lastActivityAt: new Date(Math.min(now, Math.max(...activity))),
          answerCount: q.answers.length,
          viewCount: q.views.length,
          upVoteCount: q.up.length,
          downVoteCount: q.down.length,
        })
        .returning({ id: questions.id })
        .get().id;
      q.tags.forEach((name, position) => {
        tx.insert(questionTags)
          .values({ questionId: qid, tagId: demoTag(tx, name), position })
          .run();
      });
      for (const c of q.comments) {
        tx.insert(comments)
          .values({
            questionId: qid,
            text: c.text,
            commentBy: id(c.by),
            commentDateTime: new Date(asked + c.after),
          })
          .run();
      }
      for (const a of q.answers) {
        const answerId = tx
          .insert(answers)
          .values({
            questionId: qid,
            text: a.text,
            ansBy: id(a.by),
            ansDateTime: new Date(asked + a.after),
          })
          .returning({ id: answers.id })
          .get().id;
        for (const c of a.comments ?? []) {
          tx.insert(comments)
            .values({
              answerId,
              text: c.text,
              commentBy: id(c.by),
              commentDateTime: new Date(asked + c.after),
            })
            .run();
        }
      }
      for (const who of q.up)
        tx.insert(questionVotes)
          .values({ questionId: qid, userId: id(who), value: 1 })
          .run();
      for (const who of q.down)
        tx.insert(questionVotes)
          .values({ questionId: qid, userId: id(who), value: -1 })
          .run();
      q.views.forEach((who, i) => {
        tx.insert(questionViews)
          .values({
            questionId: qid,
            userId: id(who),
            viewedAt: new Date(Math.min(now, asked + (i + 1) * HOUR)),
          })
          .run();
      });
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// Bulk synthetic questions, for benchmarks.

/** A small, fast, seeded random generator (mulberry32): the same seed gives the same data set. */
function randomGenerator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
