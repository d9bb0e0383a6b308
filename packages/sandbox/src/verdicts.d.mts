// Types of verdicts.mjs for packages that import the sandbox without `allowJs` (the api, bench).
import type { TestResult, Verdict } from './types';

export interface ThrownValue {
  name: string;
  message: string;
  stack: string;
  isError: boolean;
}

export const OUTPUT_TRUNCATED_MARKER: string;
export const STACK_FRAMES: number;
export const VALUE_CHARS: number;
export const MESSAGE_CHARS: number;

export function shorten(text: string, max: number): string;
export function trimStack(stack: string, frames?: number): string;
export function capOutput(text: string, maxBytes: number, alreadyCut?: boolean): string;
export function describeThrown(thrown: ThrownValue): string;
export function testResult(status: Verdict, fields?: Partial<TestResult>): TestResult;

export const messages: {
  timeLimit(ms: number): string;
  notStopped(ms: number): string;
  memoryLimit(bytes: number): string;
  stackOverflow: string;
  crashed: string;
  unreadable: string;
  noAssert: string;
  wrongAnswer(expected: string, actual: string): string;
  syntaxInSolution(thrown: ThrownValue): string;
  syntaxInTest(thrown: ThrownValue): string;
};
