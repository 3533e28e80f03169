// Fails when src/graphql/generated/ differs from what `npm run codegen` would write.
import { readFileSync } from 'node:fs'
import { generate } from '@graphql-codegen/cli'
import config from '../codegen.js'

const outputs = await generate({ ...config, silent: true }, false)
let stale = 0
for (const { filename, content } of outputs) {
  if (readFileSync(filename, 'utf8') !== content) {
    console.error(`stale: ${filename} (run npm run codegen and commit the result)`)
    stale++
  }
}
if (stale === 0) console.log(`codegen: ${outputs.length} file(s) up to date`)
process.exit(stale === 0 ? 0 : 1)
