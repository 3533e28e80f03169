// The baseline of bench:cli: a bare `for await` over the same walk as `chainx events export`
// (or `chainx graphql export`), discarding the items, from the built package.
//   node bench/cli/bareWalk.mjs events|graphql <rpcUrl> <graphqlUrl>
import { readFileSync } from 'node:fs'
import { ChainxClient } from '../../dist/index.js'

const [kind, rpcUrl, graphqlUrl] = process.argv.slice(2)
const client = new ChainxClient({ graphqlUrl, rpcUrl })
const walk =
  kind === 'events'
    ? client.events.iterate({ filter: { All: [] } })
    : client.paginate(readFileSync(new URL('./events.graphql', import.meta.url), 'utf8'), {}, { pageSize: 50 })
let items = 0
for await (const _item of walk) items++
process.stdout.write(`${items}\n`)
process.exit(0)
