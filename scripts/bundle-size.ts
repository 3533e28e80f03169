// Measures the browser bundle of the main entry (esbuild, minified, gzip) and fails when it
// goes over budget or pulls in testing utilities or Node built-ins.
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const BUDGET_GZIP_BYTES = 20 * 1024

const result = await build({
  stdin: { contents: "export * from './src/index.ts'", resolveDir: process.cwd(), loader: 'ts' },
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  write: false,
  metafile: true,
  logLevel: 'error',
})
const code = result.outputFiles[0]!.contents
const gzip = gzipSync(code, { level: 9 }).length
const inputs = Object.entries(result.metafile.outputs)[0]![1].inputs
const byPackage = new Map<string, number>()
for (const [path, { bytesInOutput }] of Object.entries(inputs)) {
  const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? 'chainx-sdk (src)'
  byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput)
}
console.log(`main entry, browser: ${(code.length / 1024).toFixed(1)} kB minified, ${(gzip / 1024).toFixed(1)} kB gzip (budget ${BUDGET_GZIP_BYTES / 1024} kB)`)
for (const [name, bytes] of [...byPackage].sort((a, b) => b[1] - a[1])) {
  console.log(`  ${name.padEnd(36)} ${(bytes / 1024).toFixed(1).padStart(7)} kB minified`)
}
const leaked = Object.keys(inputs).filter((path) => path.includes('src/testing/') || /^node:|msw|@mysten\/bcs/.test(path))
if (leaked.length > 0) {
  console.error(`testing or Node-only code in the main bundle:\n  ${leaked.join('\n  ')}`)
  process.exit(1)
}
if (gzip > BUDGET_GZIP_BYTES) {
  console.error('over budget')
  process.exit(1)
}
