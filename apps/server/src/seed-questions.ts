import type { Db } from '@app/db';

/** Demo questions, answers and comments (filled in by the questions work). */
export function seedDemoQuestions(_db: Db): void {}
