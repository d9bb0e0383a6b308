import { problems, problemTestCases, problemVotes, submissions, users, type Db } from '@app/db';
import { problemSearchKey } from '@app/api';
import { charCount, lineCount } from '@app/validators';
import { sql } from 'drizzle-orm';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type Who = 'alice' | 'bob' | 'carol';

export interface DemoProblem {
  title: string;
  problemText: string;
  functionSignature: string;
  testCases: { testCode: string; hidden: boolean }[];
  suggestedSolution: string;
  postedBy: Who;
  /** How long before the seed it was posted. */
  ago: number;
  up: Who[];
  down: Who[];
  /**
   * Accepted solutions. The seed runs without a sandbox (it starts before one and must stay
   * synchronous), so runTime (ns) and heapUse (bytes) are stored as given: means the sandbox measured
   * for these very solutions. The seed's test runs each one through a real sandbox: every one passes
   * every test, and its heap figure is what the sandbox measures.
   */
  submissions: { by: Who; after: number; code: string; runTime: number; heapUse: number }[];
}

export const DEMO_PROBLEMS: DemoProblem[] = [
  {
    title: 'Two Sum',
    problemText:
      'Given an array of integers nums and an integer target, return the indices of the two numbers that add up to target, smaller index first. Each input has exactly one solution, and the same element may not be used twice.',
    functionSignature: 'function twoSum(nums, target) {\n  \n}',
    testCases: [
      { testCode: 'assert(twoSum([2, 7, 11, 15], 9), [0, 1])', hidden: false },
      { testCode: 'assert(twoSum([3, 2, 4], 6), [1, 2])', hidden: false },
      { testCode: 'assert(twoSum([3, 3], 6), [0, 1])', hidden: true },
      { testCode: 'assert(twoSum([-4, 10, 8, 1], 4), [0, 2])', hidden: true },
    ],
    suggestedSolution: `function twoSum(nums, target) {
  const seen = new Map();
  for (let i = 0; i < nums.length; i++) {
    const j = seen.get(target - nums[i]);
    if (j !== undefined) return [j, i];
    seen.set(nums[i], i);
  }
  return [];
}`,
    postedBy: 'alice',
    ago: 12 * DAY,
    up: ['bob', 'carol'],
    down: [],
    submissions: [
      {
        by: 'bob',
        after: 2 * HOUR,
        code: `function twoSum(nums, target) {
  for (let i = 0; i < nums.length; i++) {
    for (let j = i + 1; j < nums.length; j++) {
      if (nums[i] + nums[j] === target) return [i, j];
    }
  }
}`,
        runTime: 98_000,
        heapUse: 87_785,
      },
      {
        by: 'carol',
        after: 1 * DAY,
        code: `function twoSum(nums, target) {
  const seen = {};
  for (let i = 0; i < nums.length; i++) {
    if (target - nums[i] in seen) return [seen[target - nums[i]], i];
    seen[nums[i]] = i;
  }
}`,
        runTime: 84_000,
        heapUse: 87_791,
      },
    ],
  },
  {
    title: 'Reverse a String',
    problemText:
      'Write reverseString(s) that returns the characters of s in reverse order. The empty string stays empty.',
    functionSignature: 'function reverseString(s) {\n  \n}',
    testCases: [
      { testCode: "assert(reverseString('hello'), 'olleh')", hidden: false },
      { testCode: "assert(reverseString('racecar'), 'racecar')", hidden: false },
      { testCode: "assert(reverseString(''), '')", hidden: false },
    ],
    suggestedSolution: "function reverseString(s) {\n  return s.split('').reverse().join('');\n}",
    postedBy: 'bob',
    ago: 9 * DAY,
    up: ['alice'],
    down: ['carol'],
    submissions: [
      {
        by: 'alice',
        after: 3 * HOUR,
        code: `function reverseString(s) {
  let out = '';
  for (let i = s.length - 1; i >= 0; i--) out += s[i];
  return out;
}`,
        runTime: 53_000,
        heapUse: 87_661,
      },
      {
        by: 'carol',
        after: 2 * DAY,
        code: "const reverseString = (s) => [...s].reverse().join('');",
        runTime: 47_000,
        heapUse: 87_777,
      },
    ],
  },
  {
    title: 'FizzBuzz',
    problemText:
      "Return an array of the numbers from 1 to n as strings, with 'Fizz' in place of multiples of 3, 'Buzz' in place of multiples of 5, and 'FizzBuzz' in place of multiples of both.",
    functionSignature: 'function fizzBuzz(n) {\n  \n}',
    testCases: [
      { testCode: "assert(fizzBuzz(5), ['1', '2', 'Fizz', '4', 'Buzz'])", hidden: false },
      { testCode: "assert(fizzBuzz(15)[14], 'FizzBuzz')", hidden: false },
      { testCode: "assert(fizzBuzz(1), ['1'])", hidden: false },
    ],
    suggestedSolution: `function fizzBuzz(n) {
  const out = [];
  for (let i = 1; i <= n; i++) {
    out.push(i % 15 === 0 ? 'FizzBuzz' : i % 3 === 0 ? 'Fizz' : i % 5 === 0 ? 'Buzz' : String(i));
  }
  return out;
}`,
    postedBy: 'carol',
    ago: 6 * DAY,
    up: ['alice', 'bob'],
    down: [],
    submissions: [
      {
        by: 'bob',
        after: 5 * HOUR,
        code: `function fizzBuzz(n) {
  return Array.from({ length: n }, (_, i) => {
    const k = i + 1;
    return (k % 3 ? '' : 'Fizz') + (k % 5 ? '' : 'Buzz') || String(k);
  });
}`,
        runTime: 63_000,
        heapUse: 88_112,
      },
    ],
  },
  {
    title: 'Balanced Brackets',
    problemText:
      'Write isBalanced(s) for a string of the characters ()[]{}: true when every bracket is closed by the same kind of bracket in the right order, false otherwise. Some tests are hidden.',
    functionSignature: 'function isBalanced(s) {\n  \n}',
    testCases: [
      { testCode: "assert(isBalanced('()[]{}'), true)", hidden: false },
      { testCode: "assert(isBalanced('(]'), false)", hidden: false },
      { testCode: "assert(isBalanced('([{}])'), true)", hidden: true },
      { testCode: "assert(isBalanced('(('), false)", hidden: true },
      { testCode: "assert(isBalanced('))'), false)", hidden: true },
      { testCode: "assert(isBalanced(''), true)", hidden: true },
    ],
    suggestedSolution: `function isBalanced(s) {
  const pairs = { ')': '(', ']': '[', '}': '{' };
  const stack = [];
  for (const c of s) {
    if (c in pairs) {
      if (stack.pop() !== pairs[c]) return false;
    } else {
      stack.push(c);
    }
  }
  return stack.length === 0;
}`,
    postedBy: 'alice',
    ago: 3 * DAY,
    up: ['carol'],
    down: ['bob'],
    submissions: [
      {
        by: 'carol',
        after: 4 * HOUR,
        code: `function isBalanced(s) {
  let prev;
  do {
    prev = s;
    s = s.replace(/\\(\\)|\\[\\]|\\{\\}/g, '');
  } while (s !== prev);
  return s === '';
}`,
        runTime: 52_000,
        heapUse: 87_933,
      },
    ],
  },
  {
    title: 'Sum of an Array',
    problemText: 'Return the sum of the numbers in an array; the sum of an empty array is 0.',
    functionSignature: 'function sum(numbers) {\n  \n}',
    testCases: [
      { testCode: 'assert(sum([1, 2, 3]), 6)', hidden: false },
      { testCode: 'assert(sum([]), 0)', hidden: false },
      { testCode: 'assert(sum([-5, 5, 10]), 10)', hidden: true },
    ],
    suggestedSolution: 'function sum(numbers) {\n  return numbers.reduce((a, b) => a + b, 0);\n}',
    postedBy: 'bob',
    ago: 1 * DAY,
    up: [],
    down: [],
    submissions: [],
  },
];

/**
 * Gives the demo users a few classic problems (one with hidden tests), their votes and a few accepted
 * submissions, so the problem screens are alive on first start. Left alone when problems exist.
 */
export function seedDemoProblems(db: Db, now = Date.now()): void {
  const existing =
    db
      .select({ n: sql<number>`count(*)` })
      .from(problems)
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
    for (const p of DEMO_PROBLEMS) {
      const posted = now - p.ago;
      const problemId = tx
        .insert(problems)
        .values({
          title: p.title,
          problemText: p.problemText,
          functionSignature: p.functionSignature,
          suggestedSolution: p.suggestedSolution,
          postedBy: id(p.postedBy),
          createdAt: new Date(posted),
          upVoteCount: p.up.length,
          downVoteCount: p.down.length,
          voteVersion: p.up.length + p.down.length,
          searchKey: problemSearchKey(p.title, p.problemText),
        })
        .returning({ id: problems.id })
        .get().id;
      tx.insert(problemTestCases)
        .values(p.testCases.map((test, position) => ({ problemId, position, ...test })))
        .run();
      const votes = [
        ...p.up.map((who) => ({ problemId, userId: id(who), value: 1 })),
        ...p.down.map((who) => ({ problemId, userId: id(who), value: -1 })),
      ];
      if (votes.length > 0) tx.insert(problemVotes).values(votes).run();
      for (const s of p.submissions) {
        tx.insert(submissions)
          .values({
            problemId,
            submissionBy: id(s.by),
            submissionCode: s.code,
            runTime: s.runTime,
            heapUse: s.heapUse,
            codeLength: charCount(s.code),
            lineCount: lineCount(s.code),
            createdAt: new Date(Math.min(now, posted + s.after)),
          })
          .run();
      }
    }
  });
}
