import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { StaleCursorError } from '../../src/errors/pagination.js'
import { createGraphQLClient, type GraphQLQueryClient } from '../../src/graphql/createGraphQLClient.js'
import { TransactionBlocksDocument } from '../../src/graphql/generated/operations.js'
import { paginate } from '../../src/graphql/paginate.js'
import type { PageInfo } from '../../src/graphql/readConnection.js'
import type { RunningMockNetwork } from '../../src/testing/index.js'
import { createTransport } from '../../src/transport/createTransport.js'
import { useMockNetwork, withMockNetwork } from '../helpers/mockNetworkFixture.js'
import { walkUntilKilled } from '../pagination/killWalk.js'

type Blocks<TConnection> = { transactionBlocks: { pageInfo: PageInfo } & TConnection }
type PageVariables = { first?: number | null; after?: string | null; last?: number | null; before?: string | null }

// The usual Relay shape: all four page variables declared, none with a default.
const RELAY_VARIABLES = '$first: Int, $after: String, $last: Int, $before: String'
const RELAY_ARGUMENTS = 'first: $first, after: $after, last: $last, before: $before'
const PAGE_INFO = 'pageInfo { hasNextPage hasPreviousPage startCursor endCursor }'

/** A user document that selects nodes only: the walk's cursor moves at page ends. */
const NodesOnlyDocument = `query NodesOnly(${RELAY_VARIABLES}) {
  transactionBlocks(${RELAY_ARGUMENTS}) { ${PAGE_INFO} nodes { digest } }
}` as unknown as DocumentTypeDecoration<Blocks<{ nodes: { digest: string }[] }>, PageVariables>

/** A user document that selects `edges { cursor node }`: the walk's cursor moves after every item. */
const EdgesDocument = `query Edges(${RELAY_VARIABLES}) {
  transactionBlocks(${RELAY_ARGUMENTS}) { ${PAGE_INFO} edges { cursor node { digest } } }
}` as unknown as DocumentTypeDecoration<Blocks<{ edges: { cursor: string; node: { digest: string } }[] }>, PageVariables>

let mock: RunningMockNetwork
let graphql: GraphQLQueryClient
const everything = new Map<string, string[]>()

useMockNetwork({ events: 300, seed: 11 }, async (started) => {
  mock = started
  graphql = createGraphQLClient({ url: mock.graphqlUrl, transport: createTransport({ retry: false }) })
  const forward = await paginate(graphql, TransactionBlocksDocument, {}, { pageSize: 50 }).toArray({ maxItems: 10_000 })
  everything.set(
    'forward',
    forward.map((block) => block.digest as string),
  )
  everything.set('backward', [...(everything.get('forward') ?? [])].reverse())
})

const shapes = {
  edges: EdgesDocument,
  nodes: NodesOnlyDocument,
  generated: TransactionBlocksDocument,
} as const

describe('paginate: resume over real sockets', () => {
  it('a walk killed at a random item and resumed from its saved cursor yields every remaining item exactly once (edges and nodes-only documents, both directions)', async () => {
    const total = everything.get('forward')?.length ?? 0
    expect(total).toBeGreaterThan(100)
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...(Object.keys(shapes) as (keyof typeof shapes)[])),
        fc.constantFrom('forward' as const, 'backward' as const),
        fc.integer({ min: 2, max: 20 }),
        fc.integer({ min: 0, max: total }),
        fc.constantFrom('break', 'abort'),
        fc.boolean(),
        async (shape, direction, pageSize, killAt, how, prefetch) => {
          const full = everything.get(direction) ?? []
          const controller = new AbortController()
          const walk = paginate(graphql, shapes[shape], {}, { direction, pageSize, prefetch, signal: controller.signal })
          const killed = await walkUntilKilled(walk, { at: killAt, how, controller })
          const digests = killed.items.map((node) => (node as { digest: string }).digest)
          const cursor = killed.cursor
          // Edges carry a cursor per item; nodes-only documents resume from the last whole page.
          const covered = shape === 'nodes' && killAt < total ? Math.floor(killAt / pageSize) * pageSize : killAt
          const resumed = await paginate(graphql, shapes[shape], {}, { direction, pageSize, cursor }).toArray({ maxItems: 10_000 })
          const rest = resumed.map((node) => (node as { digest: string }).digest)
          expect([...digests.slice(0, covered), ...rest]).toEqual(full)
        },
      ),
      { numRuns: 30 },
    )
  })

  it('P5: a user document declaring $first, $after, $last and $before without defaults walks both ways; the walk sends null for the unused pair', async () => {
    const sent: Record<string, unknown>[] = []
    const recording = createGraphQLClient({
      url: mock.graphqlUrl,
      transport: createTransport({ retry: false, onRequest: (request) => void sent.push(JSON.parse(request.body).variables) }),
    })
    const forward = await paginate(recording, NodesOnlyDocument, {}, { pageSize: 40 }).toArray({ maxItems: 10_000 })
    expect(forward.map((node) => node.digest)).toEqual(everything.get('forward'))
    expect(sent.find((variables) => variables && 'first' in variables)).toEqual({ first: 40, after: null, last: null, before: null })
    sent.length = 0
    const backward = await paginate(recording, EdgesDocument, {}, { pageSize: 40, direction: 'backward' }).toArray({ maxItems: 10_000 })
    expect(backward.map((node) => node.digest)).toEqual(everything.get('backward'))
    expect(sent.find((variables) => variables && 'first' in variables)).toEqual({ last: 40, before: null, first: null, after: null })
  })

  it('P8/E6: a resumed walk whose cursor left the available range throws STALE_CURSOR, or restarts under onStale: restart', async () => {
    await withMockNetwork({ events: 60, seed: 12, retention: 10 }, async (pruned) => {
      const client = createGraphQLClient({ url: pruned.graphqlUrl, transport: createTransport({ retry: false }) })
      const walk = paginate(client, TransactionBlocksDocument, {}, { pageSize: 5 })
      const first: string[] = []
      for await (const block of walk) if (first.push(block.digest as string) === 7) break
      const saved = walk.cursor
      expect(saved).toEqual(expect.any(String))
      pruned.network.advance(20)
      const error = await paginate(client, TransactionBlocksDocument, {}, { pageSize: 5, cursor: saved })
        .toArray({ maxItems: 1_000 })
        .catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(StaleCursorError)
      expect(error).toMatchObject({ code: 'STALE_CURSOR', delivered: 0, resumeCursor: saved })

      const restarted = await paginate(client, TransactionBlocksDocument, {}, { pageSize: 5, cursor: saved, onStale: 'restart' }).toArray({
        maxItems: 1_000,
      })
      const fresh = await paginate(client, TransactionBlocksDocument, {}, { pageSize: 5 }).toArray({ maxItems: 1_000 })
      // The restart starts over at the beginning of what the service still serves.
      expect(restarted.map((block) => block.digest)).toEqual(fresh.map((block) => block.digest))
    })
  })

  it('resuming a walk that had finished yields nothing (the empty page after the last cursor is the end, not a lost cursor)', async () => {
    const walk = paginate(graphql, EdgesDocument, {}, { pageSize: 50 })
    const all = await walk.toArray({ maxItems: 10_000 })
    expect(all).toHaveLength(everything.get('forward')?.length ?? -1)
    expect(await paginate(graphql, EdgesDocument, {}, { pageSize: 50, cursor: walk.cursor }).toArray({ maxItems: 10 })).toEqual([])
  })

  it('rejects a cursor option that is not a cursor string before any request', () => {
    for (const cursor of ['', 42, { after: 'x' }]) {
      expect(() => paginate(graphql, EdgesDocument, {}, { cursor: cursor as string })).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
      )
    }
  })
})
