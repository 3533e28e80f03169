import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// Tests that run the built package, and the browser example in Chromium.
const PACKAGE_TESTS = ['test/package.test.ts', 'test/codegenApp.test.ts', 'test/**/*.package.test.ts']
const BROWSER_TESTS = ['test/browser/**/*.test.ts']
// Tests that meet the mock network (or a server of their own) over real sockets, or run
// child processes that do.
const SOCKET_TESTS = [
  'test/**/*.network.test.ts',
  'test/**/*.mockNetwork.test.ts',
  'test/**/*.socket.test.ts',
  'test/cli/cliGuide.test.ts',
  'test/cli/export*.test.ts',
  'test/cli/index*.test.ts',
  'test/indexer/**/*.test.ts',
  'test/client.close.test.ts',
  'test/examples.test.ts',
  'test/fuzz/**/*.test.ts',
  'test/docs/markdownExamples.test.ts',
  'test/soak.test.ts',
  'test/subscription/*.test.ts',
  'test/transport/telemetry/**/*.test.ts',
  'test/graphql/operationMethods.test.ts',
  'test/graphql/responseValidation.test.ts',
  'test/graphql/typedDocuments*.test.ts',
  'test/pagination/walkVocabulary.test.ts',
  'test/testing/jsonRpcSockets.test.ts',
  'test/testing/jsonRpc/SubscriptionHub.test.ts',
  'test/testing/mockNetwork*.test.ts',
  'test/transport/httpConformance*.test.ts',
  'test/transport/logger.test.ts',
  'test/transport/transport.test.ts',
]

export default defineConfig({
  // The package version, as tsup writes it in (src/utils/packageVersion.ts).
  define: { __CHAINX_SDK_VERSION__: JSON.stringify((JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version) },
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
