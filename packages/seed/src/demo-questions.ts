import type { Who } from './demo-cast';
import type { StoryStep } from './story';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Markdown, one line per argument: the demo posts show code the way people paste it. */
const md = (...lines: string[]) => lines.join('\n');

export interface DemoQuestion {
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
    /** When the asker accepted it, if they did. */
    acceptedAfter?: number;
  }[];
  comments: { text: string; by: Who; after: number }[];
  up: Who[];
  down: Who[];
  views: Who[];
}

export const DEMO_QUESTIONS: DemoQuestion[] = [
  {
    title:
      'How do I debounce a search input in React without recreating the timer on every render?',
    text: md(
      'My search box calls the API on every keystroke. I wrapped the handler in a debounce function, but nothing is ever debounced:',
      '',
      '```jsx',
      'function Search() {',
      "  const [query, setQuery] = useState('');",
      '  const search = debounce((q) => fetchResults(q), 300);',
      '',
      '  return (',
      '    <input',
      '      value={query}',
      '      onChange={(e) => {',
      '        setQuery(e.target.value);',
      '        search(e.target.value);',
      '      }}',
      '    />',
      '  );',
      '}',
      '```',
      '',
      'I think `debounce` is recreated on every render, so each keystroke gets a fresh timer. What is the idiomatic way to do this with hooks?',
    ),
    tags: ['react', 'javascript'],
    askedBy: 'bob',
    ago: 21 * DAY,
    answers: [
      {
        text: md(
          'Keep the timer in a ref so it survives renders, and clear it on every call:',
          '',
          '```js',
          'function useDebouncedCallback(callback, delay) {',
          '  const timer = useRef();',
          '  const latest = useRef(callback);',
          '  latest.current = callback;',
          '',
          '  useEffect(() => () => clearTimeout(timer.current), []);',
          '',
          '  return useCallback(',
          '    (...args) => {',
          '      clearTimeout(timer.current);',
          '      timer.current = setTimeout(() => latest.current(...args), delay);',
          '    },',
          '    [delay],',
          '  );',
          '}',
          '```',
          '',
          'Then `const search = useDebouncedCallback(fetchResults, 300);`. Because the timer calls `latest.current`, it always runs the newest callback. The docs explain the trade-offs: [useCallback](https://react.dev/reference/react/useCallback).',
        ),
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
    text: md(
      'This query drops the users who have no orders:',
      '',
      '```sql',
      'SELECT u.name, o.total',
      'FROM users u',
      'LEFT JOIN orders o ON o.user_id = u.id',
      "WHERE o.status = 'paid';",
      '```',
      '',
      'I expected them to stay, with `NULL` totals. Why does the `WHERE` clause change the join?',
    ),
    tags: ['sql', 'sqlite'],
    askedBy: 'alice',
    ago: 15 * DAY,
    answers: [
      {
        text: md(
          "A `WHERE` condition on the right-hand table turns the `LEFT JOIN` into an inner join: for users without orders `o.status` is `NULL`, and `NULL = 'paid'` is not true, so those rows are filtered out after the join.",
          '',
          'Move the condition into the `ON` clause:',
          '',
          '```sql',
          'SELECT u.name, o.total',
          'FROM users u',
          'LEFT JOIN orders o',
          '  ON o.user_id = u.id',
          " AND o.status = 'paid';",
          '```',
        ),
        by: 'bob',
        after: 40 * MINUTE,
        comments: [{ text: 'That was it, thanks!', by: 'alice', after: 2 * HOUR }],
        acceptedAfter: 2 * HOUR + MINUTE,
      },
    ],
    comments: [],
    up: ['bob', 'carol'],
    down: [],
    views: ['bob', 'carol'],
  },
  {
    title: 'TypeScript: exhaustive switch over a discriminated union',
    text: md(
      'I have a union of event types with a `type` field:',
      '',
      '```ts',
      'type AppEvent =',
      "  | { type: 'created'; id: number }",
      "  | { type: 'deleted'; id: number };",
      '```',
      '',
      'How do I make the compiler complain when I add a new member and forget to handle it in a `switch`?',
    ),
    tags: ['typescript'],
    askedBy: 'carol',
    ago: 10 * DAY,
    answers: [
      {
        text: md(
          'Add a `default` branch that assigns the value to a variable of type `never`:',
          '',
          '```ts',
          'function describe(event: AppEvent): string {',
          '  switch (event.type) {',
          "    case 'created':",
          '      return `created ${event.id}`;',
          "    case 'deleted':",
          '      return `deleted ${event.id}`;',
          '    default: {',
          '      const unreachable: never = event;',
          '      return unreachable;',
          '    }',
          '  }',
          '}',
          '```',
          '',
          'A new member makes that assignment fail to compile. See [narrowing](https://www.typescriptlang.org/docs/handbook/2/narrowing.html#exhaustiveness-checking).',
        ),
        by: 'alice',
        after: 6 * HOUR,
      },
      {
        text: 'With `noFallthroughCasesInSwitch` and a return type on the function you also get an error when a case is missing, because not every path returns.',
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
    text: md(
      'I need to process a 4 GB log file. `fs.readFile` runs out of memory:',
      '',
      '```',
      'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
      '```',
      '',
      'What is the streaming way to go through it line by line?',
    ),
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
        text: md(
          '`useLayoutEffect` runs synchronously after DOM mutations and before the browser paints, so you can measure layout and update without a flicker:',
          '',
          '```jsx',
          'useLayoutEffect(() => {',
          '  const { height } = tooltipRef.current.getBoundingClientRect();',
          '  setTooltipHeight(height);',
          '}, []);',
          '```',
          '',
          'It blocks painting, so use it only for that; `useEffect` runs after paint.',
        ),
        by: 'bob',
        after: 2 * HOUR,
      },
    ],
    comments: [
      {
        text: 'Also: `useLayoutEffect` warns during server rendering.',
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
    text: md(
      'I want case-insensitive unique usernames:',
      '',
      '```sql',
      'CREATE UNIQUE INDEX users_name_lower ON users (lower(name));',
      'SELECT * FROM users WHERE lower(name) = lower(?);',
      '```',
      '',
      'Is the expression index used by the query, or do I need `COLLATE NOCASE` on the column?',
    ),
    tags: ['sqlite', 'sql'],
    askedBy: 'alice',
    ago: 26 * HOUR,
    answers: [],
    comments: [
      {
        text: '`EXPLAIN QUERY PLAN` will tell you: look for `USING INDEX users_name_lower`.',
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
    text: md(
      'Several packages repeat the same `tsconfig.json` options. Is a tooling package with a `base.json` that each package extends the usual approach?',
      '',
      '```json',
      '{',
      '  "extends": "@repo/tsconfig/base.json",',
      '  "include": ["src"]',
      '}',
      '```',
    ),
    tags: ['typescript', 'node.js'],
    askedBy: 'bob',
    ago: 5 * HOUR,
    answers: [],
    comments: [],
    up: [],
    down: [],
    views: [],
  },
  {
    title: 'Why does my default list argument keep its values between calls?',
    text: md(
      'Each call should start with an empty list, but the items of earlier calls are still there:',
      '',
      '```python',
      'def add_item(item, items=[]):',
      '    items.append(item)',
      '    return items',
      '',
      'print(add_item(1))  # [1]',
      'print(add_item(2))  # [1, 2] - expected [2]',
      '```',
    ),
    tags: ['python'],
    askedBy: 'carol',
    ago: 2 * DAY,
    answers: [
      {
        text: md(
          'Default values are evaluated once, when the `def` statement runs, so every call shares the same list. Use `None` as the default and make the list inside:',
          '',
          '```python',
          'def add_item(item, items=None):',
          '    if items is None:',
          '        items = []',
          '    items.append(item)',
          '    return items',
          '```',
          '',
          'The [Python tutorial](https://docs.python.org/3/tutorial/controlflow.html#default-argument-values) has a warning about exactly this.',
        ),
        by: 'alice',
        after: 50 * MINUTE,
        acceptedAfter: 3 * HOUR,
        comments: [
          {
            text: 'Linters catch it too: Ruff and flake8-bugbear report it as `B006`.',
            by: 'bob',
            after: 4 * HOUR,
          },
        ],
      },
    ],
    comments: [],
    up: ['alice', 'bob'],
    down: [],
    views: ['alice', 'bob'],
  },
];

/** The story of one question: asked, commented on, answered, viewed, voted on, an answer accepted. */
function storyOf(q: DemoQuestion): StoryStep[] {
  let qid: number | undefined;
  const askedQid = () => {
    if (qid === undefined) throw new Error(`demo question "${q.title}" was not asked first`);
    return qid;
  };
  const steps: StoryStep[] = [
    {
      ago: q.ago,
      write: async (cast) => {
        const api = await cast.as(q.askedBy);
        ({ id: qid } = (
          await api.question.create({ title: q.title, text: q.text, tags: q.tags })
        ).question);
      },
    },
  ];
  for (const c of q.comments) {
    steps.push({
      ago: q.ago - c.after,
      write: async (cast) =>
        (await cast.as(c.by)).comment.create({ type: 'question', id: askedQid(), text: c.text }),
    });
  }
  for (const a of q.answers) {
    let answerId: number | undefined;
    const writtenAnswerId = () => {
      if (answerId === undefined) throw new Error(`a demo answer to "${q.title}" was not written`);
      return answerId;
    };
    steps.push({
      ago: q.ago - a.after,
      write: async (cast) => {
        const api = await cast.as(a.by);
        ({ id: answerId } = (await api.answer.create({ qid: askedQid(), text: a.text })).answer);
      },
    });
    for (const c of a.comments ?? []) {
      steps.push({
        ago: q.ago - c.after,
        write: async (cast) =>
          (await cast.as(c.by)).comment.create({
            type: 'answer',
            id: writtenAnswerId(),
            text: c.text,
          }),
      });
    }
    if (a.acceptedAfter !== undefined) {
      steps.push({
        ago: q.ago - a.acceptedAfter,
        write: async (cast) =>
          (await cast.as(q.askedBy)).answer.accept({ answerId: writtenAnswerId() }),
      });
    }
  }
  q.views.forEach((who, i) => {
    steps.push({
      ago: q.ago - (i + 1) * HOUR,
      write: async (cast) => (await cast.as(who)).question.view({ qid: askedQid() }),
    });
  });
  const votes = [
    ...q.up.map((who) => ({ who, vote: 'up' as const })),
    ...q.down.map((who) => ({ who, vote: 'down' as const })),
  ];
  votes.forEach(({ who, vote }, i) => {
    steps.push({
      ago: q.ago - (i + 1) * HOUR - 30 * MINUTE,
      write: async (cast) => (await cast.as(who)).question.vote({ qid: askedQid(), vote }),
    });
  });
  return steps;
}

/**
 * A handful of realistic questions by the demo users, spread over the past weeks, with tags, answers
 * (two of them accepted), comments, votes and views: each one a call of the procedure a person would
 * make, so every counter and last activity is the API's own.
 */
export const questionSteps = (): StoryStep[] => DEMO_QUESTIONS.flatMap(storyOf);
