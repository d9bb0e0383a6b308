import { loadConfig } from './config';
import { startServer } from './app';

const running = await startServer(loadConfig());
console.log(`Server listening on ${running.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void running.close().then(() => process.exit(0));
  });
}
