// Fails when src/graphql/generated/ differs from what `npm run codegen` would write, or a
// generated Move definitions file (examples/move/events.ts, src/testing/ledger/move/datasetEvents.ts)
// from what its `codegen:move*` script would write.
import { readFileSync } from 'node:fs'
import { generate } from '@graphql-codegen/cli'
import config from '../codegen.js'
import { runCli } from '../src/codegen/runCli.js'

const outputs = await generate({ ...config, silent: true }, false)
let stale = 0
for (const { filename, content } of outputs) {
  if (readFileSync(filename, 'utf8') !== content) {
    console.error(`stale: ${filename} (run npm run codegen and commit the result)`)
    stale++
  }
}
// The same arguments as the codegen:move* scripts of package.json.
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts
const moveScripts = Object.keys(scripts).filter((name) => name === 'codegen:move' || name.startsWith('codegen:move:'))
for (const name of moveScripts) {
  const moveArgs = (scripts[name] ?? '').replace(/^tsx src\/cli\/bin\.ts /, '').split(' ')
  if (runCli([...moveArgs, '--check'], { out: () => {}, err: (text) => console.error(text) }) !== 0) stale++
}
if (stale === 0) console.log(`codegen: ${outputs.length + moveScripts.length} file(s) up to date`)
process.exit(stale === 0 ? 0 : 1)
