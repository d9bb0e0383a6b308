import { loadConfig } from './config';
import { run } from './run';

await run(() => loadConfig());
