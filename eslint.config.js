import tseslint from 'typescript-eslint'

// Layers point down only: each folder of src/ may import the folders listed for it and
// nothing above. `testing/` (the mock network) and the facade (`client.ts`, `index.ts`)
// sit on top; nothing in the library reaches them.
const FOLDERS = [
  'utils',
  'errors',
  'options',
  'transport',
  'jsonRpc',
  'graphql',
  'events',
  'transactions',
  'pagination',
  'subscription',
  'move',
  'codegen',
  'query',
  'indexer',
  'testing',
  'cli',
]
const ALLOWED = {
  utils: [],
  errors: ['utils'],
  // The rule book of numeric options (durations, counts, backoff), shared by every layer above.
  options: ['errors', 'utils'],
  transport: ['errors', 'utils', 'options'],
  jsonRpc: ['errors', 'utils', 'options', 'transport'],
  graphql: ['errors', 'utils', 'options', 'transport', 'pagination'],
  events: ['errors', 'utils', 'options', 'transport', 'jsonRpc', 'pagination', 'subscription'],
  // Beside events/ (it reads events' checks and decoders for the events a transaction emitted; events/ never reads it).
  transactions: ['errors', 'utils', 'options', 'transport', 'jsonRpc', 'pagination', 'subscription', 'events'],
  // Subpaths: chainx-sdk/move (runtime of generated Move definitions), chainx-sdk/codegen (Node only).
  move: ['errors', 'utils', 'options', 'events'],
  codegen: ['errors', 'utils', 'options', 'events'],
  // chainx-sdk/query (TanStack Query options) sits beside the facade: it builds on the client
  // (ChainxClient, its type and its methods), so it alone may import client.ts.
  query: ['errors', 'utils', 'options', 'transport', 'jsonRpc', 'graphql', 'events', 'transactions', 'subscription', 'pagination'],
  // chainx-sdk/indexer (Node only) sits beside the facade too: pipelines walk the client's resources.
  indexer: ['errors', 'utils', 'options', 'events'],
  // The page machine is generic: it knows no wire and no API; graphql/ and events/ adapt it.
  pagination: ['errors', 'utils', 'options'],
  // The one subscription machine and watch loop beside it: item kinds (events/, transactions/) adapt them.
  subscription: ['errors', 'utils', 'options', 'transport', 'jsonRpc', 'pagination'],
}

// Subpaths built on the client (the facade), beside it rather than under it.
const ABOVE_FACADE = ['query', 'indexer']

const layerRules = Object.entries(ALLOWED).map(([folder, allowed]) => {
  const forbidden = FOLDERS.filter((other) => other !== folder && !allowed.includes(other))
  return {
    files: [`src/${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...forbidden.map((other) => ({
              group: [`**/${other}/*`, `**/${other}/**`],
              message: `src/${folder}/ may import only ${allowed.length ? allowed.map((a) => `src/${a}/`).join(', ') : 'nothing else in src/'} (layers point down).`,
            })),
            {
              group: ABOVE_FACADE.includes(folder) ? ['**/index.js', '!./index.js'] : ['**/client.js', '**/index.js', '!./index.js'],
              message: 'The facade is the top layer; import the module itself.',
            },
          ],
        },
      ],
    },
  }
})

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'src/graphql/generated/**',
      'examples/browser/dist/**',
      'examples/browser-app/dist/**',
      'bench/results/**',
      '.codegen-app-test/**',
      'examples/codegen-app/src/generated/**',
      'bench/.types-project/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  ...layerRules,
  // Type-aware: a promise nobody awaits or handles, or one passed where a callback's result is
  // ignored, loses its rejection (an unhandled rejection ends a Node process). Over src/ and
  // test/ (about 70 s of CPU for both with the type information; bench/ and scripts/ are left out).
  {
    files: ['src/**/*.ts', 'test/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The `chainx` bin sits on the facade (client.ts) and the codegen; the mock network is never in it.
    files: ['src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/testing/*', '**/testing/**', '**/index.js'],
              message: 'The chainx bin uses the client and the codegen; never the mock network or an entry.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['test/**', 'bench/**', 'examples/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
)
