import path from 'node:path'
import { defineConfig } from 'vitest/config'

const root = import.meta.dirname

export default defineConfig({
  resolve: {
    alias: {
      '@shared': path.join(root, 'shared'),
      '@site': path.join(root, 'site/src'),
    },
  },
  test: {
    include: [
      'shared/**/*.test.{ts,tsx}',
      'site/src/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'desktop/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/integration/**/*.test.ts',
    ],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
