import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { buildSchema, graphql as execute, parse, print } from 'graphql'
import { ChainxClient } from 'chainx-sdk'
import { graphql, readFragment } from 'chainx-sdk/graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// A real GraphQL server: graphql-js executing the SDK's own schema.graphql over HTTP on
// 127.0.0.1, validating every document as a spec server does (an unknown fragment, a fragment
// defined twice, an unused variable are errors). 25 transaction blocks, paged by index cursors.
const schema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'))
const blocks = Array.from({ length: 25 }, (_, index) => ({
  digest: `digest-${index}`,
  sender: { address: `0x${index.toString(16).padStart(4, '0')}` },
  effects: { status: 'SUCCESS', checkpoint: { sequenceNumber: 100 + index } },
}))
const rootValue = {
  chainIdentifier: () => '4c78adac',
  transactionBlocks: ({ first, after }: { first?: number | null; after?: string | null }) => {
    const start = after == null ? 0 : Number(after) + 1
    const page = blocks.slice(start, start + (first ?? 10))
    const end = start + page.length
    return {
      pageInfo: {
        hasNextPage: end < blocks.length,
        hasPreviousPage: start > 0,
        startCursor: page.length ? String(start) : null,
        endCursor: page.length ? String(end - 1) : null,
      },
      nodes: page,
      edges: page.map((node, offset) => ({ node, cursor: String(start + offset) })),
    }
  },
}

const received: string[] = []
let server: Server
let graphqlUrl: string

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const answer = async () => {
        const { query, variables, operationName } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          query: string
          variables?: Record<string, unknown>
          operationName?: string
        }
        received.push(query)
        const result = await execute({ schema, source: query, variableValues: variables, operationName, rootValue })
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result))
      }
      // A failure answers 500 (the test then fails on it) instead of an unhandled rejection.
      answer().catch((error: unknown) => response.writeHead(500).end(String(error)))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  graphqlUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const Sender = graphql(`
  fragment Sender on TransactionBlock {
    sender {
      address
    }
  }
`)
const Status = graphql(`
  fragment Status on TransactionBlock {
    effects {
      status
      checkpoint {
        sequenceNumber
      }
    }
  }
`)
// Two fragments that both spread Sender: gql.tada composes it into each; it must go once.
const Block = graphql(
  `
    fragment Block on TransactionBlock {
      digest
      ...Sender
      ...Status
    }
  `,
  [Sender, Status],
)
const Signed = graphql(
  `
    fragment Signed on TransactionBlock {
      ...Sender
    }
  `,
  [Sender],
)
const Blocks = graphql(
  `
    query Blocks($first: Int, $after: String) {
      transactionBlocks(first: $first, after: $after) {
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          ...Block
          ...Signed
        }
      }
    }
  `,
  [Block, Signed],
)

describe('composed documents against a real GraphQL server (graphql-js over the SDK schema)', () => {
  it('G5: a gql.tada document with nested fragments is sent whole, each fragment once, and validates', async () => {
    const client = new ChainxClient({ graphqlUrl, limits: false })
    const { data } = await client.graphql.query(Blocks, { first: 2 })
    const [node] = data.transactionBlocks.nodes
    const block = readFragment(Block, node!)
    expect(block.digest).toBe('digest-0')
    expect(readFragment(Sender, readFragment(Signed, node!)).sender?.address).toBe('0x0000')
    const sent = received.at(-1) as string
    for (const name of ['Block', 'Signed', 'Sender', 'Status']) expect(sent.split(`fragment ${name} on`)).toHaveLength(2)
    expect(print(parse(sent))).toBe(sent)
  })

  it("P1: client.paginate walks the server's connection through the composed document, every block once, in order", async () => {
    const client = new ChainxClient({ graphqlUrl, limits: false })
    const digests: string[] = []
    for await (const node of client.paginate(Blocks, {}, { pageSize: 7 })) digests.push(readFragment(Block, node).digest ?? '')
    expect(digests).toEqual(blocks.map((block) => block.digest))
  })

  it('G5: graphql-tag style documents (fragment bodies concatenated, one twice) and hand-built ASTs validate', async () => {
    const client = new ChainxClient({ graphqlUrl, limits: false })
    const fragment = 'fragment Sender on TransactionBlock { sender { address } }'
    // graphql-tag keeps the interpolated bodies in loc.source.body, and drops the repeated definition from the AST.
    const body = `query Twice { transactionBlocks(first: 1) { nodes { ...Sender } } } ${fragment} ${fragment}`
    const parsed = parse(body)
    const deduplicated = { ...parsed, definitions: parsed.definitions.slice(0, 2) }
    const handBuilt = { kind: 'Document' as const, definitions: parse(body, { noLocation: true }).definitions.slice(0, 2) }
    for (const document of [deduplicated, handBuilt]) {
      const { data } = await client.graphql.query(document)
      expect(data).toEqual({ transactionBlocks: { nodes: [{ sender: { address: '0x0000' } }] } })
      expect((received.at(-1) as string).split('fragment Sender on')).toHaveLength(2)
    }
  })
})
