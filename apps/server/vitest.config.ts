import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { env: { SCRYPT_LOG_N: '10' }, testTimeout: 20_000 },
});
