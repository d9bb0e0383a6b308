import { beforeEach } from 'vitest';
import { dumpOpenPages } from '../support/diagnostics';

// Every failed browser test says what its pages and the server did (support/diagnostics.ts).
beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => dumpOpenPages(task.name));
});
