import { defineConfig, type Options } from 'tsup'
import { optionalPeers } from './scripts/optionalPeers.js'

const shared: Options = {
  format: ['esm', 'cjs'],
  // The one type taken from @graphql-typed-document-node/core is inlined: as a dependency it
  // would install graphql (its peer) into every app.
  dts: { resolve: ['@graphql-typed-document-node/core'] },
  // dist is ES2022 as esbuild prints it, one statement a line, every name kept: a user's stack
  // trace points at a readable line. Source maps (with their sources) would triple the tarball
  // (917 kB packed against 336 kB), so none is shipped; stripping white space saves ~46 kB.
  minifyWhitespace: false,
  sourcemap: false,
  clean: false, // `npm run build` empties dist/ once; the two builds below run side by side
  target: 'es2022',
  splitting: true,
  treeshake: true,
}

// Packages the testing entries import that a client-only install does not have.
const testingPeers = { 'chainx-sdk/testing': ['graphql', '@mysten/bcs'], 'chainx-sdk/testing/msw': ['msw'] }
// What the runtime of generated Move code imports (zod/mini and @mysten/bcs): the app's to install.
const movePeers = { 'chainx-sdk/move': ['zod', '@mysten/bcs'] }

export default defineConfig([
  {
    ...shared,
    // The client, the runtime of generated Move-event definitions and the TanStack Query options
    // (chainx-sdk/query, whose @tanstack/query-core import is types only): run in every runtime, so
    // neutral, with their few dependencies (zod and @mysten/bcs for generated code) left to the
    // app: optional peers whose absence chainx-sdk/move reports by name (the client imports neither).
    // chainx-sdk/graphql: gql.tada's `graphql` set up with the shipped schema (gql.tada, an
    // optional peer, is the app's; its introspection types are bundled into the .d.ts).
    entry: {
      index: 'src/index.ts',
      'move/index': 'src/move/index.ts',
      'graphql/index': 'src/graphql/typedDocuments.ts',
      'query/index': 'src/query/index.ts',
    },
    platform: 'neutral',
    external: ['ws', 'isomorphic-ws', 'gql.tada', '@0no-co/graphql.web', '@tanstack/query-core'],
    noExternal: ['zod', '@mysten/bcs'], // left to the plugin, which keeps them external
    esbuildPlugins: [optionalPeers(movePeers, ['chainx-sdk/move'])],
  },
  {
    ...shared,
    // The mock network: Node only; graphql, @mysten/bcs and msw are optional peers whose
    // absence is reported by name (scripts/optionalPeers.ts).
    // The Move codegen (its library) is Node-only too.
    entry: {
      'testing/index': 'src/testing/index.ts',
      'testing/msw': 'src/testing/msw.ts',
      'codegen/index': 'src/codegen/index.ts',
      // chainx-sdk/indexer: Node only; its database drivers (pg, @electric-sql/pglite) are optional
      // peers imported by name when a database of their kind is opened.
      'indexer/index': 'src/indexer/index.ts',
    },
    platform: 'node',
    external: ['ws', 'zod', 'pg', '@electric-sql/pglite'],
    noExternal: Object.values(testingPeers).flat(), // left to the plugin, which keeps them external
    esbuildPlugins: [optionalPeers(testingPeers)],
  },
  {
    ...shared,
    // The `chainx` bin (src/cli/: exports, watch, codegen-move): Node only, run as ESM by its
    // shebang, so one format and no types (a CommonJS copy would only weigh on the tarball).
    entry: { cli: 'src/cli/bin.ts' },
    format: ['esm'],
    dts: false,
    platform: 'node',
    external: ['ws', 'zod'],
  },
])
