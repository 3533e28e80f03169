import { defineConfig } from 'tsup'

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'testing/index': 'src/testing/index.ts',
    'testing/msw': 'src/testing/msw.ts',
    'move/index': 'src/move/index.ts',
    'codegen/index': 'src/codegen/index.ts',
    cli: 'src/codegen/cli.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  splitting: true,
  treeshake: true,
  external: ['graphql', 'ws', 'isomorphic-ws', 'msw', 'zod', '@mysten/bcs', /^node:/],
})
