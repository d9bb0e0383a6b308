import { createDb } from '@app/db';
import { loadConfig } from './config';
import { seedDemoContent } from './seed-demo';

const config = loadConfig();
const db = createDb(config.databasePath);
await seedDemoContent(db, { onlyIfEmpty: false });
db.$client.close();
console.log(`Demo content is in ${config.databasePath}`);
