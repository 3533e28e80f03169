import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  resolve: {
    // Examples import the package by name; tests run them against the source.
    alias: [
      { find: /^chainx-sdk$/, replacement: source('./src/index.ts') },
      { find: /^chainx-sdk\/testing$/, replacement: source('./src/testing/index.ts') },
      { find: /^chainx-sdk\/testing\/msw$/, replacement: source('./src/testing/msw.ts') },
      { find: /^chainx-sdk\/move$/, replacement: source('./src/move/index.ts') },
      { find: /^chainx-sdk\/codegen$/, replacement: source('./src/codegen/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // The JSON report feeds the one-line summary that .ci/run prints last.
    reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
  },
})
