import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// Tests that run the built package, and the browser example in Chromium.
const PACKAGE_TESTS = ['test/package.test.ts', 'test/codegenApp.test.ts', 'test/**/*.package.test.ts']
const BROWSER_TESTS = ['test/browser/**/*.test.ts']
// Tests that meet the mock network (or a server of their own) over real sockets, or run
// child processes that do.
const SOCKET_TESTS = [
  'test/cli/cliGuide.test.ts',
  'test/cli/export*.test.ts',
  'test/cli/index*.test.ts',
  'test/indexer/**/*.test.ts',
  'test/client.network.test.ts',
  'test/examples.test.ts',
  'test/fuzz/**/*.test.ts',
  'test/docs/markdownExamples.test.ts',
  'test/soak.test.ts',
  'test/events/queryMockNetwork.test.ts',
  'test/events/subscribe*.test.ts',
  'test/events/watchMockNetwork.test.ts',
  'test/failover/**/*.test.ts',
  'test/telemetry/**/*.test.ts',
  'test/graphql/operationMethods.test.ts',
  'test/graphql/responseValidation.test.ts',
  'test/graphql/typedDocuments*.test.ts',
  'test/lifecycle/**/*.test.ts',
  'test/pagination/paginate.network.test.ts',
  'test/query/*.network.test.ts',
  'test/pagination/walkVocabulary.test.ts',
  'test/testing/jsonRpcSockets.test.ts',
  'test/testing/jsonRpcSubscriptions.test.ts',
  'test/testing/mockNetwork*.test.ts',
  'test/transport/httpConformance*.test.ts',
  'test/transport/transport.test.ts',
  'test/transactions/*Mock*.test.ts',
  'test/transactions/*.socket.test.ts',
]

export default defineConfig({
  resolve: {
    // Examples import the package by name; tests run them against the source.
    alias: [
      { find: /^chainx-sdk$/, replacement: source('./src/index.ts') },
      { find: /^chainx-sdk\/testing$/, replacement: source('./src/testing/index.ts') },
      { find: /^chainx-sdk\/testing\/msw$/, replacement: source('./src/testing/msw.ts') },
      { find: /^chainx-sdk\/query$/, replacement: source('./src/query/index.ts') },
      { find: /^chainx-sdk\/move$/, replacement: source('./src/move/index.ts') },
      { find: /^chainx-sdk\/graphql$/, replacement: source('./src/graphql/typedDocuments.ts') },
      { find: /^chainx-sdk\/codegen$/, replacement: source('./src/codegen/index.ts') },
      { find: /^chainx-sdk\/indexer$/, replacement: source('./src/indexer/index.ts') },
    ],
  },
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // The JSON report feeds the one-line summary that .ci/run prints last.
    reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
    // `vitest run` runs them all; `--project unit` (npm run test:unit) and the others one kind.
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: [...PACKAGE_TESTS, ...BROWSER_TESTS, ...SOCKET_TESTS] },
      },
      { extends: true, test: { name: 'socket', include: SOCKET_TESTS } },
      { extends: true, test: { name: 'package', include: PACKAGE_TESTS } },
      { extends: true, test: { name: 'browser', include: BROWSER_TESTS } },
    ],
  },
})
