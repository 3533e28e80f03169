// Your own GraphQL documents, typed as you type them (docs/typed-documents.md): a fragment, a
// connection query that spreads it, one page and a walk. `npm run check:documents` runs
// `gql.tada check` over this folder, so a misspelled field here fails the project's checks.
//
//   npx tsx examples/typed-documents.ts
import { ChainxClient } from 'chainx-sdk'
import { graphql, readFragment, type FragmentOf } from 'chainx-sdk/graphql'
import { startMockNetwork } from 'chainx-sdk/testing'

const BlockFields = graphql(`
  fragment BlockFields on TransactionBlock {
    digest
    sender {
      address
    }
    effects {
      status
      checkpoint {
        sequenceNumber
      }
    }
  }
`)

const SentBlocks = graphql(
  `
    query SentBlocks($sender: SuiAddress, $first: Int, $after: String) {
      transactionBlocks(first: $first, after: $after, filter: { sentAddress: $sender }) {
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          ...BlockFields
        }
      }
    }
  `,
  [BlockFields],
)

function describeBlock(block: FragmentOf<typeof BlockFields>): string {
  const { digest, effects } = readFragment(BlockFields, block)
  return `${digest?.slice(0, 8)}… ${effects?.status} at checkpoint ${effects?.checkpoint?.sequenceNumber}`
}

const network = await startMockNetwork()
const client = new ChainxClient(network)
try {
  const { data } = await client.graphql.query(SentBlocks, { first: 2 })
  console.log('first page:', data.transactionBlocks.nodes.map(describeBlock))
  let count = 0
  for await (const block of client.paginate(SentBlocks, {}, { pageSize: 10, maxItems: 25 })) {
    if (++count === 25) console.log('25th block:', describeBlock(block))
  }
  console.log('walked', count, 'blocks')
} finally {
  await client.close()
  await network.close()
}
