/**
 * The read benchmark's database: 100,000 questions and 1,000,000 answers, comments and votes in
 * all, seeded ONCE into bench/.data/ (gitignored) and copied for each run, so a run's sign-ups and
 * writes never reach the next one and the minutes of seeding are paid once.
 */
import { closeDb, createDb } from '@app/db';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seedManyQuestions } from './bulk-questions';
import { randomGenerator } from './random';

const DATA_DIR = resolve(import.meta.dirname, '../.data');
const DAY = 24 * 60 * 60 * 1000;
const READERS = 200;

export interface BulkCounts {
  questions: number;
  answers: number;
  comments: number;
  votes: number;
}

function countRows(path: string): BulkCounts {
  const db = createDb(path);
  const count = (table: string) =>
    (db.$client.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  const counts = {
    questions: count('questions'),
    answers: count('answers'),
    comments: count('comments'),
    votes: count('question_votes'),
  };
  closeDb(db);
  return counts;
}

/**
 * Adds comments (on questions and on answers) and votes by a pool of readers to the bulk seed until
 * answers + comments + votes reach `posts`, keeping every counter (answer counts, vote counts, last
 * activity) equal to its rows.
 */
function topUp(path: string, posts: number, now: number): void {
  const db = createDb(path);
  const sqlite = db.$client;
  const random = randomGenerator(7);
  const insertUser = sqlite.prepare(
    "insert into users (username, biography, date_joined) values (?, '', ?) on conflict do nothing",
  );
  const userIdOf = sqlite.prepare<[string], { id: number }>(
    'select id from users where lower(username) = lower(?)',
  );
  const insertComment = sqlite.prepare(
    `insert into comments (text, comment_by, comment_date_time, question_id, answer_id)
       values (?, ?, ?, ?, ?)`,
  );
  const insertVote = sqlite.prepare(
    'insert into question_votes (question_id, user_id, value) values (?, ?, ?) on conflict do nothing',
  );
  const questionRows = sqlite.prepare<[], { id: number; asked: number }>(
    'select id, ask_date_time as asked from questions order by id',
  );
  const answerRows = sqlite.prepare<[], { id: number; qid: number; at: number }>(
    'select id, question_id as qid, ans_date_time as at from answers order by id',
  );
  const texts = [
    'Could you share the error message?',
    'This worked for me, thanks.',
    'Which version are you on?',
    'See the docs for the edge cases.',
    'Have you tried a smaller example?',
  ];
  sqlite.transaction(() => {
    const readers = Array.from({ length: READERS }, (_, i) => {
      insertUser.run(`reader${i + 1}`, now - 700 * DAY);
      return userIdOf.get(`reader${i + 1}`)?.id ?? 0;
    });
    const pick = () => readers[Math.floor(random() * readers.length)] ?? 0;
    const latest = new Map<number, number>();
    const note = (qid: number, at: number) => latest.set(qid, Math.max(latest.get(qid) ?? 0, at));
    const questions = questionRows.all();
    for (const q of questions) {
      for (let k = Math.floor(random() * 4); k > 0; k--) {
        const at = Math.min(now, q.asked + Math.floor(random() * 5 * DAY));
        insertComment.run(texts[k % texts.length], pick(), at, q.id, null);
        note(q.id, at);
      }
    }
    for (const a of answerRows.all()) {
      for (let k = Math.floor(random() * 3); k > 0; k--) {
        const at = Math.min(now, a.at + Math.floor(random() * 2 * DAY));
        insertComment.run(texts[(k + 2) % texts.length], pick(), at, null, a.id);
        note(a.qid, at);
      }
    }
    const have = (table: string) =>
      (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    const missing = posts - have('answers') - have('comments') - have('question_votes');
    const perQuestion = Math.floor(missing / questions.length);
    let extra = missing - perQuestion * questions.length;
    questions.forEach((q, i) => {
      const wanted = perQuestion + (extra-- > 0 ? 1 : 0);
      for (let k = 0; k < wanted; k++) {
        // Distinct readers for one question: a vote is one per user.
        const reader = readers[(i * 7 + k) % readers.length] ?? 0;
        insertVote.run(q.id, reader, random() < 0.2 ? -1 : 1);
      }
    });
    sqlite.exec(`
      update questions set
        up_vote_count = (select count(*) from question_votes v where v.question_id = questions.id and v.value = 1),
        down_vote_count = (select count(*) from question_votes v where v.question_id = questions.id and v.value = -1)`);
    const activity = sqlite.prepare(
      'update questions set last_activity_at = max(last_activity_at, ?) where id = ?',
    );
    for (const [qid, at] of latest) activity.run(at, qid);
  })();
  sqlite.exec('analyze');
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
}

/**
 * A fresh copy of the seeded database in a temporary folder (seeding it first when bench/.data has
 * none yet). Remove bench/.data to seed again.
 */
export function seededBenchDatabase(
  questions: number,
  posts: number,
): { dir: string; databasePath: string; counts: BulkCounts } {
  const seeded = join(DATA_DIR, `questions-${questions}-posts-${posts}.db`);
  if (!existsSync(seeded)) {
    mkdirSync(DATA_DIR, { recursive: true });
    const building = `${seeded}.building`;
    rmSync(building, { force: true });
    rmSync(`${building}-wal`, { force: true });
    rmSync(`${building}-shm`, { force: true });
    const started = Date.now();
    const db = createDb(building);
    const now = Date.now();
    const result = seedManyQuestions(db, questions, { now });
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    closeDb(db);
    topUp(building, posts, now);
    renameSync(building, seeded);
    console.log(
      `seeded ${result.questions} questions into ${seeded} in ${Date.now() - started} ms (once; reused from now on)`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'qa-bench-'));
  const databasePath = join(dir, 'bench.db');
  copyFileSync(seeded, databasePath);
  return { dir, databasePath, counts: countRows(databasePath) };
}

/** A question with several answers and comments: what a typical visited page holds. */
export function typicalQuestion(databasePath: string): number {
  const db = createDb(databasePath);
  const row = db.$client
    .prepare(
      `select q.id from questions q where q.answer_count >= 3
         and exists (select 1 from comments c where c.question_id = q.id)
       order by q.id desc limit 1`,
    )
    .get() as { id: number } | undefined;
  closeDb(db);
  return row?.id ?? 1;
}

/** The oldest answer of each of `qids` that has one, in the questions' order (answer votes go to them). */
export function firstAnswers(databasePath: string, qids: readonly number[]): number[] {
  const db = createDb(databasePath);
  const first = db.$client.prepare<[number], { id: number }>(
    'select id from answers where question_id = ? order by id limit 1',
  );
  const ids = qids.flatMap((qid) => {
    const row = first.get(qid);
    return row ? [row.id] : [];
  });
  closeDb(db);
  return ids;
}

/**
 * Marks every notification read, in the database file beside the running server (as another
 * process on it would): each write round then starts with nobody's inbox behind, so a round that
 * notifies (comments, answers, direct messages) does not pay for the backlog the round before it
 * left the same people: the unread count each notification carries is counted up to 100.
 */
export function readAllNotifications(databasePath: string): void {
  const db = createDb(databasePath);
  try {
    db.$client
      .prepare('update notifications set read_at = ? where read_at is null')
      .run(Date.now());
  } finally {
    closeDb(db);
  }
}
