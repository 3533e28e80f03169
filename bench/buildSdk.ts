// The SDK as benchmarks measure it: src/index.ts built by esbuild as tsup builds dist/ (the
// peers run as their published JavaScript too), not as tsx runs the source (tsx keeps every
// function's name with a call per closure created, a cost no built copy pays). Unminified, so
// that a profile names the SDK's functions.
import { build, type Plugin } from 'esbuild'
import { rmSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'

/**
 * Builds the SDK into node_modules/.cache/<name>/ (inside node_modules, so that the bundle's
 * external imports, zod and ws, resolve) and imports it.
 *
 * @example
 * const { ChainxClient } = await buildSdk('chainx-bench')
 */
export async function buildSdk(name: string, plugins: Plugin[] = []): Promise<typeof import('../src/index.js')> {
  const outdir = fileURLToPath(new URL(`../node_modules/.cache/${name}/`, import.meta.url))
  // Emptied first: the hashed chunks of older builds would pile up.
  rmSync(outdir, { recursive: true, force: true })
  await build({
    entryPoints: { index: fileURLToPath(new URL('../src/index.ts', import.meta.url)) },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    external: ['ws', 'isomorphic-ws', 'zod', '@mysten/bcs'],
    logLevel: 'error',
    plugins,
  })
  return (await import(pathToFileURL(`${outdir}index.js`).href)) as typeof import('../src/index.js')
}
