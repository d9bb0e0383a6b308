import type { ProblemDifficulty } from '@app/validators';
import type { Who } from './demo-cast';
import type { StoryStep } from './story';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export interface DemoProblem {
  title: string;
  problemText: string;
  functionSignature: string;
  testCases: { testCode: string; hidden: boolean }[];
  suggestedSolution: string;
  /** Issue 24: chosen by the author on Create Problem. */
  difficulty: ProblemDifficulty;
  topics: string[];
  postedBy: Who;
  /** How long before the seed it was posted. */
  ago: number;
  up: Who[];
  down: Who[];
  /** Solutions that pass every test: the API refuses any other, and measures each one itself. */
  submissions: { by: Who; after: number; code: string }[];
}

export const DEMO_PROBLEMS: DemoProblem[] = [
  {
    title: 'Two Sum',
    difficulty: 'easy',
    topics: ['arrays', 'hash-table'],
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
      },
    ],
  },
  {
    title: 'Reverse a String',
    difficulty: 'easy',
    topics: ['strings'],
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
      },
      {
        by: 'carol',
        after: 2 * DAY,
        code: "const reverseString = (s) => [...s].reverse().join('');",
      },
    ],
  },
  {
    title: 'FizzBuzz',
    difficulty: 'easy',
    topics: ['math', 'strings'],
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
      },
    ],
  },
  {
    title: 'Balanced Brackets',
    difficulty: 'medium',
    topics: ['stacks', 'strings'],
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
      },
    ],
  },
  {
    title: 'Sum of an Array',
    difficulty: 'easy',
    topics: ['arrays', 'math'],
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
 * The story of one problem: posted (the API runs its example solution against every test first),
 * voted on, and solved by others (the API runs each submission against every test, hidden ones too,
 * and stores the run time and heap use it measured).
 */
function storyOf(p: DemoProblem): StoryStep[] {
  let problemId: number | undefined;
  const postedId = () => {
    if (problemId === undefined) throw new Error(`demo problem "${p.title}" was not posted first`);
    return problemId;
  };
  const votes = [
    ...p.up.map((who) => ({ who, vote: 'up' as const })),
    ...p.down.map((who) => ({ who, vote: 'down' as const })),
  ];
  return [
    {
      ago: p.ago,
      write: async (cast) => {
        const api = await cast.as(p.postedBy);
        const { title, problemText, functionSignature, testCases, suggestedSolution } = p;
        const { difficulty, topics } = p;
        ({ id: problemId } = (
          await api.problem.create({
            title,
            problemText,
            functionSignature,
            testCases,
            suggestedSolution,
            difficulty,
            topics,
          })
        ).problem);
      },
    },
    ...votes.map(({ who, vote }, i): StoryStep => ({
      ago: p.ago - (i + 1) * HOUR,
      write: async (cast) => (await cast.as(who)).problem.vote({ id: postedId(), vote }),
    })),
    ...p.submissions.map((s): StoryStep => ({
      ago: p.ago - s.after,
      write: async (cast) =>
        (await cast.as(s.by)).submission.create({ problemId: postedId(), code: s.code }),
    })),
  ];
}

/** A few classic problems by the demo users (one with hidden tests), their votes and solutions. */
export const problemSteps = (): StoryStep[] => DEMO_PROBLEMS.flatMap(storyOf);
