import { defineConfig } from 'vitest/config'

// The PostgreSQL 15 step of `npm test` (tests/postgres): a real server, started by the test itself.
export default defineConfig({
  test: {
    include: ['tests/postgres/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['verbose'],
  },
})
