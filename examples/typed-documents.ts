// Your own GraphQL documents, typed as you type them (docs/typed-documents.md): a fragment, a
// connection query that spreads it, one page and a walk. `npm run check:documents` runs
// `gql.tada check` over this folder, so a misspelled field here fails the project's checks.
//
//   npx tsx examples/typed-documents.ts
import { ChainxClient } from 'chainx-sdk'
import { graphql, readFragment, type FragmentOf } from 'chainx-sdk/graphql'
import { startMockNetwork } from 'chainx-sdk/testing'

// What this part of an app reads of an event.
const EventLine = graphql(`
  fragment EventLine on Event {
    timestamp
    type {
      repr
    }
    sender {
      address
    }
  }
`)

// Events, newest first when walked backward; the fragment is spread into the nodes.
const RecentEvents = graphql(
  `
    query RecentEvents($first: Int, $after: String, $last: Int, $before: String) {
      events(first: $first, after: $after, last: $last, before: $before) {
        pageInfo {
          hasNextPage
          endCursor
          hasPreviousPage
          startCursor
        }
        nodes {
          ...EventLine
        }
      }
    }
  `,
  [EventLine],
)

function describeEvent(event: FragmentOf<typeof EventLine>): string {
  const { timestamp, type, sender } = readFragment(EventLine, event) // typed: timestamp is a string or null
  return `${timestamp} ${type.repr.split('::').slice(1).join('::')} from ${sender?.address.slice(0, 8)}…`
}

const network = await startMockNetwork({ events: 120 })
const client = new ChainxClient(network)
try {
  const { data } = await client.graphql.query(RecentEvents, { first: 2 })
  console.log('first page:', data.events.nodes.map(describeEvent))
  let count = 0
  for await (const event of client.paginate(RecentEvents, {}, { direction: 'backward', pageSize: 20, maxItems: 50 })) {
    if (++count === 1) console.log('newest:', describeEvent(event))
  }
  console.log('walked', count, 'events, newest first')
} finally {
  await client.close()
  await network.close()
}
