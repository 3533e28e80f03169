import { defineConfig, type Options } from 'tsup'
import { optionalPeers } from './scripts/optionalPeers.js'

const shared: Options = {
  format: ['esm', 'cjs'],
  // The one type taken from @graphql-typed-document-node/core is inlined: as a dependency it
  // would install graphql (its peer) into every app.
  dts: { resolve: ['@graphql-typed-document-node/core'] },
  // dist is ES2022 with its white space and comments removed and every name kept (stack traces
  // name the SDK's functions; the documentation is in the .d.ts files): source maps (and src/
  // in the tarball) would double the package for little, so neither is shipped.
  minifyWhitespace: true,
  sourcemap: false,
  clean: false, // `npm run build` empties dist/ once; the two builds below run side by side
  target: 'es2022',
  splitting: true,
  treeshake: true,
}

// Packages the testing entries import that a client-only install does not have.
const testingPeers = { 'chainx-sdk/testing': ['graphql', '@mysten/bcs'], 'chainx-sdk/testing/msw': ['msw'] }

export default defineConfig([
  {
    ...shared,
    // The client, the runtime of generated Move-event definitions and the TanStack Query options
    // (chainx-sdk/query, whose @tanstack/query-core import is types only): run in every runtime, so
    // neutral, with their few dependencies (zod and @mysten/bcs for generated code) left to the app.
    // chainx-sdk/graphql: gql.tada's `graphql` set up with the shipped schema (gql.tada, an
    // optional peer, is the app's; its introspection types are bundled into the .d.ts).
    entry: { index: 'src/index.ts', 'move/index': 'src/move/index.ts', 'graphql/index': 'src/graphql/typedDocuments.ts', 'query/index': 'src/query/index.ts' },
    platform: 'neutral',
    external: ['ws', 'isomorphic-ws', 'zod', '@mysten/bcs', 'gql.tada', '@0no-co/graphql.web', '@tanstack/query-core'],
  },
  {
    ...shared,
    // The mock network: Node only; graphql, @mysten/bcs and msw are optional peers whose
    // absence is reported by name (scripts/optionalPeers.ts).
    // The Move codegen (its library) and the `chainx` bin (src/cli/: exports, watch, codegen-move) are Node-only too.
    entry: {
      'testing/index': 'src/testing/index.ts',
      'testing/msw': 'src/testing/msw.ts',
      'codegen/index': 'src/codegen/index.ts',
      cli: 'src/cli/bin.ts',
    },
    platform: 'node',
    external: ['ws', 'zod'],
    noExternal: Object.values(testingPeers).flat(), // left to the plugin, which keeps them external
    esbuildPlugins: [optionalPeers(testingPeers)],
  },
])
