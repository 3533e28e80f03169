import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ChainxError } from '../../src/errors/ChainxError.js'
import { EmptyPagesError } from '../../src/errors/pagination.js'
import { InvalidArgumentError, InvalidResponseError } from '../../src/errors/request.js'
import type { GraphQLQueryClient } from '../../src/graphql/createGraphQLClient.js'
import { EpochDocument, EventsDocument, TransactionBlocksDocument } from '../../src/graphql/generated/operations.js'
import { paginate } from '../../src/graphql/paginate.js'

/** A GraphQL client that answers each page with `answer(call, variables)` as the result's data. */
function serving(answer: (call: number, variables: Record<string, unknown>) => unknown) {
  let calls = 0
  const client: GraphQLQueryClient = {
    limits: async () => ({}),
    query: (async (_document: unknown, variables?: Record<string, unknown>) => ({
      data: answer(++calls, variables ?? {}),
      usage: undefined,
      version: undefined,
    })) as GraphQLQueryClient['query'],
  }
  return { client, calls: () => calls }
}

const goodPageInfo = { hasNextPage: true, hasPreviousPage: false, startCursor: 'c0', endCursor: 'c1' }
const node = { digest: 'tx0', sender: null, gasInput: null, effects: null }

async function outcome(walk: AsyncIterable<unknown>): Promise<{ items: unknown[]; error?: unknown }> {
  const items: unknown[] = []
  try {
    for await (const item of walk) items.push(item)
    return { items }
  } catch (error) {
    return { items, error }
  }
}

describe('paginate: the connection is checked before a node reaches the caller', () => {
  it.each([
    ['pageInfo: expected an object, got the string "yes"', { pageInfo: 'yes', edges: [] }],
    ['pageInfo.hasNextPage: expected a boolean, got the string "true"', { pageInfo: { ...goodPageInfo, hasNextPage: 'true' }, edges: [] }],
    ['pageInfo.endCursor: expected a string, got 7', { pageInfo: { ...goodPageInfo, endCursor: 7 }, edges: [] }],
    ['pageInfo.startCursor: expected a string, got an object', { pageInfo: { ...goodPageInfo, startCursor: {} }, edges: [] }],
    ['edges: expected an array, got an object', { pageInfo: goodPageInfo, edges: { 0: { node } } }],
    ['edges[1]: expected an object, got null', { pageInfo: goodPageInfo, edges: [{ cursor: 'a', node }, null] }],
    ['edges[0].node: expected an object, got the string "tx0"', { pageInfo: goodPageInfo, edges: [{ cursor: 'a', node: 'tx0' }] }],
    [
      'edges[1].node: expected an object, got null',
      {
        pageInfo: goodPageInfo,
        edges: [
          { cursor: 'a', node },
          { cursor: 'b', node: null },
        ],
      },
    ],
    [
      'edges[1].cursor: expected a string, got 2',
      {
        pageInfo: goodPageInfo,
        edges: [
          { cursor: 'a', node },
          { cursor: 2, node },
        ],
      },
    ],
    ['edges[1].cursor: expected a string, got nothing', { pageInfo: goodPageInfo, edges: [{ cursor: 'a', node }, { node }] }],
    ['nodes: expected an array, got the string "tx0"', { pageInfo: goodPageInfo, nodes: 'tx0' }],
    ['nodes[0]: expected an object, got true', { pageInfo: goodPageInfo, nodes: [true] }],
  ])('INVALID_RESPONSE naming the path in the connection: %s', async (what, connection) => {
    const { client } = serving(() => ({ transactionBlocks: connection }))
    const { items, error } = await outcome(paginate(client, TransactionBlocksDocument))
    expect(items).toEqual([])
    expect(error).toBeInstanceOf(InvalidResponseError)
    expect((error as Error).message).toBe(`Invalid response: transactionBlocks.${what}`)
    expect(error).toMatchObject({ delivered: 0, resumeCursor: null })
  })

  it('a later page whose result lacks the connection read before is INVALID_RESPONSE, not a complaint about the document', async () => {
    const first = { pageInfo: goodPageInfo, edges: [{ cursor: 'c1', node }] }
    for (const later of [{}, { transactionBlocks: 'none' }, { transactionBlocks: { edges: [] } }]) {
      const { client } = serving((call) => (call === 1 ? { transactionBlocks: first } : later))
      const { items, error } = await outcome(paginate(client, TransactionBlocksDocument))
      expect(items).toEqual([node])
      expect(error).toBeInstanceOf(InvalidResponseError)
      expect(error).toMatchObject({ delivered: 1, resumeCursor: 'c1' })
    }
  })

  it('INVALID_RESPONSE: a parent on the connection path that turns null after a page that claimed more names the path, not an end', async () => {
    const first = { epoch: { transactionBlocks: { pageInfo: goodPageInfo, edges: [{ cursor: 'c1', node }] } } }
    for (const later of [{ epoch: null }, { epoch: { transactionBlocks: null } }]) {
      for (const connection of [undefined, 'epoch.transactionBlocks'] as const) {
        const { client, calls } = serving((call) => (call === 1 ? first : later))
        const { items, error } = await outcome(paginate(client, EpochDocument, { id: 3 }, { connection }))
        expect(items).toEqual([node])
        expect(error).toBeInstanceOf(InvalidResponseError)
        expect((error as Error).message).toContain('epoch.transactionBlocks')
        expect(error).toMatchObject({ code: 'INVALID_RESPONSE', delivered: 1, resumeCursor: 'c1' })
        expect(calls()).toBe(2)
      }
    }
    // On the first page (from the beginning or a saved cursor) a null parent is still an empty walk.
    const { client } = serving(() => ({ epoch: null }))
    expect((await outcome(paginate(client, EpochDocument, { id: 3 }, { cursor: 'c1' }))).items).toEqual([])
  })

  it('INVALID_RESPONSE: a later page without the pageInfo fields or the edges the first page had; on the first page it is the document (INVALID_ARGUMENT)', async () => {
    const broken = [
      { pageInfo: { hasPreviousPage: false, endCursor: 'c2' }, edges: [] },
      { pageInfo: { hasNextPage: false, hasPreviousPage: false }, edges: [] },
      { pageInfo: { hasNextPage: false, endCursor: null } },
    ]
    for (const connection of broken) {
      const later = await outcome(
        paginate(
          serving((call) => ({ transactionBlocks: call === 1 ? { pageInfo: goodPageInfo, edges: [{ cursor: 'c1', node }] } : connection }))
            .client,
          TransactionBlocksDocument,
        ),
      )
      expect(later.items).toEqual([node])
      expect(later.error).toBeInstanceOf(InvalidResponseError)
      expect(later.error).toMatchObject({
        code: 'INVALID_RESPONSE',
        delivered: 1,
        resumeCursor: 'c1',
        cause: expect.any(InvalidArgumentError),
      })
      expect((later.error as Error).message).toContain('at transactionBlocks')

      const firstPage = await outcome(paginate(serving(() => ({ transactionBlocks: connection })).client, TransactionBlocksDocument))
      expect(firstPage.error).toBeInstanceOf(InvalidArgumentError)
      expect(firstPage.error).toMatchObject({ code: 'INVALID_ARGUMENT' })
    }
  })

  it('hostile connections at every path end in a well-formed walk or a typed error, never a malformed node', async () => {
    const hostile = fc.oneof(
      fc.constantFrom(null, undefined, true, 0, -1, '', 'x', [], {}, [null], [[]], { node: null }, { __proto__: null }),
      fc.anything({ maxDepth: 3 }),
    )
    const connection = fc.record(
      {
        pageInfo: fc.oneof(
          fc.constant(goodPageInfo),
          fc.record({ hasNextPage: fc.oneof(fc.boolean(), hostile), endCursor: fc.oneof(fc.string(), fc.constant(null), hostile) }),
          hostile,
        ),
        edges: fc.oneof(
          fc.array(fc.oneof(fc.record({ cursor: fc.oneof(fc.string(), hostile), node: fc.oneof(fc.constant(node), hostile) }), hostile), {
            maxLength: 4,
          }),
          hostile,
        ),
      },
      { requiredKeys: [] },
    )
    await fc.assert(
      fc.asyncProperty(fc.array(connection, { minLength: 1, maxLength: 4 }), fc.boolean(), async (pages, prefetch) => {
        const { client } = serving((call) => ({ transactionBlocks: pages[Math.min(call, pages.length) - 1] }))
        const { items, error } = await outcome(paginate(client, TransactionBlocksDocument, {}, { prefetch, maxPages: 10 }))
        // The walk checks the connection, not the node's own fields (those are the document's): every node is an object.
        for (const item of items) expect(item !== null && typeof item === 'object' && !Array.isArray(item)).toBe(true)
        if (error !== undefined) {
          expect(error).toBeInstanceOf(ChainxError)
          expect(error).toMatchObject({ delivered: items.length })
        }
      }),
      { numRuns: 500, seed: 9 },
    )
  })

  it('EMPTY_PAGES: pages that claim more with fresh cursors and no items, forever, end the walk (with maxItems: 100 too)', async () => {
    for (const maxItems of [undefined, 100]) {
      const { client, calls } = serving((call) => ({
        events: { pageInfo: { hasNextPage: true, endCursor: `c${call}` }, edges: [] },
      }))
      const { items, error } = await outcome(paginate(client, EventsDocument, {}, { maxItems }))
      expect(items).toEqual([])
      expect(error).toBeInstanceOf(EmptyPagesError)
      expect(error).toMatchObject({ code: 'EMPTY_PAGES', pages: 100, delivered: 0, resumeCursor: 'c99' })
      expect(calls()).toBe(100)
    }
  })
})
