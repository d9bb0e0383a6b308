import { defineConfig } from 'vitest/config';
import { coverage } from '../../tooling/vitest/coverage.mjs';

export default defineConfig({ test: { coverage } });
