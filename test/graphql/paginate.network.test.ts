import { bcs } from '@mysten/bcs'
import { afterEach, describe, expect, it } from 'vitest'
import { StaleCursorError } from '../../src/errors/pagination.js'
import { createEventsClient } from '../../src/events/createEventsClient.js'
import { createGraphQLClient } from '../../src/graphql/createGraphQLClient.js'
import { EventsDocument, TransactionBlocksDocument } from '../../src/graphql/generated/operations.js'
import { iterateEvents } from '../../src/events/iterateEvents.js'
import { paginate } from '../../src/graphql/paginate.js'
import type { RestartInfo } from '../../src/pagination/types.js'
import { startMockNetwork } from '../../src/testing/index.js'
import { createTransport } from '../../src/transport/createTransport.js'

type Started = Awaited<ReturnType<typeof startMockNetwork>>
const started: Started[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((mock) => mock.close()))
})

async function start(options: Parameters<typeof startMockNetwork>[0]) {
  const mock = await startMockNetwork(options)
  started.push(mock)
  const transport = createTransport({ retry: false })
  const graphql = createGraphQLClient({ url: mock.graphqlUrl, transport })
  const pinger = mock.network.publish({ module: 'pager', events: { Ping: { n: bcs.u64() } } })
  let pings = 0
  /** Lands one checkpoint with one transaction emitting one `Ping` event. */
  const ping = () =>
    mock.network.execute({
      sender: `0x${'a'.repeat(64)}`,
      package: pinger.package,
      module: 'pager',
      emit: [{ struct: 'Ping', fields: { n: BigInt(++pings) } }],
    })
  return { mock, graphql, transport, ping }
}

const eventIdentity = (node: { type: { repr: string }; bcs: string; timestamp: string | null; sender: { address: string } | null }) =>
  JSON.stringify([node.type.repr, node.sender?.address, node.timestamp, node.bcs])

describe('paginate over the mock network', () => {
  it('P6: a walk while new checkpoints land stays on its first checkpoint', async () => {
    const { graphql, ping } = await start({ events: 150, seed: 3 })
    const before = await paginate(graphql, EventsDocument, {}, { pageSize: 10 }).toArray({ maxItems: 1_000 })
    expect(before.length).toBeGreaterThanOrEqual(150)

    let landed = 0
    const during = await paginate(
      graphql,
      EventsDocument,
      {},
      {
        pageSize: 10,
        onPage: () => {
          ping()
          landed++
        },
      },
    ).toArray({ maxItems: 1_000 })
    expect(landed).toBeGreaterThan(10)
    expect(during.map(eventIdentity)).toEqual(before.map(eventIdentity))

    // A fresh walk sees the new events: the walk above ignored them because of its snapshot.
    const after = await paginate(graphql, EventsDocument, {}, { pageSize: 50 }).toArray({ maxItems: 1_000 })
    expect(after).toHaveLength(before.length + landed)
  })

  it('P8/E6: a walk whose checkpoint is pruned mid-way fails with STALE_CURSOR', async () => {
    const { mock, graphql } = await start({ events: 120, seed: 5, retention: 10 })
    const pages = []
    let error: unknown
    try {
      for await (const page of paginate(graphql, TransactionBlocksDocument, {}, { pageSize: 5 }).pages()) {
        pages.push(page)
        if (pages.length === 2) mock.network.advance(20)
      }
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(StaleCursorError)
    expect(error).toMatchObject({ code: 'STALE_CURSOR', delivered: 10, resumeCursor: pages[1]?.pageInfo.endCursor })
  })

  it("P8/E6: with onStale 'restart' the pruned walk completes with no duplicate and reports the restart", async () => {
    const { mock, graphql, ping } = await start({ events: 120, seed: 5, retention: 10 })
    const restarts: RestartInfo[] = []
    const digests: string[] = []
    let pages = 0
    const walk = paginate(
      graphql,
      TransactionBlocksDocument,
      {},
      {
        pageSize: 5,
        onStale: 'restart',
        onRestart: (info) => restarts.push(info),
        onPage: () => {
          if (++pages === 2) {
            mock.network.advance(20)
            for (let count = 0; count < 7; count++) ping()
          }
        },
      },
    )
    for await (const block of walk) digests.push(block.digest as string)
    expect(new Set(digests).size).toBe(digests.length)
    expect(restarts).toEqual([expect.objectContaining({ delivered: 10, restarts: 1 })])
    // The fresh walk reads the retained checkpoints, which hold the seven new transactions.
    const retained = await paginate(graphql, TransactionBlocksDocument, {}, { pageSize: 50 }).toArray({ maxItems: 1_000 })
    expect(retained.map((block) => block.digest)).toEqual(digests.slice(10))
  })

  it('P4/L3: a page size over maxPageSize is clamped to the served maximum, read from serviceConfig', async () => {
    const { mock, graphql } = await start({ events: 60, seed: 2, limits: { maxPageSize: 7, defaultPageSize: 4 } })
    const pages = []
    for await (const page of paginate(graphql, EventsDocument, {}, { pageSize: 100 }).pages()) pages.push(page)
    expect(pages.slice(0, -1).every((page) => page.items.length === 7)).toBe(true)
    expect(pages.reduce((sum, page) => sum + page.items.length, 0)).toBe(mock.network.ledger.events.length)
  })

  it('P3: backward walks read from the newest end and yield newest first', async () => {
    const { graphql } = await start({ events: 80, seed: 9 })
    const forward = await paginate(graphql, TransactionBlocksDocument, {}, { pageSize: 9 }).toArray({ maxItems: 1_000 })
    const backward = await paginate(graphql, TransactionBlocksDocument, {}, { pageSize: 9, direction: 'backward' }).toArray({
      maxItems: 1_000,
    })
    expect(backward.map((block) => block.digest)).toEqual(forward.map((block) => block.digest).reverse())
  })
})

describe('iterateEvents over the mock network', () => {
  it('J2/J3: walks every event of a filter once, in order, over real sockets', async () => {
    const { mock, transport } = await start({ events: 130, seed: 4 })
    const events = createEventsClient({ rpcUrl: mock.rpcUrl, transport })
    const walked = await iterateEvents(events.query, { filter: { All: [] }, pageSize: 17 }).toArray({ maxItems: 1_000 })
    const ids = walked.map((event) => `${event.id.txDigest}:${event.id.eventSeq}`)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toHaveLength(mock.network.ledger.events.length)
    const descending = await iterateEvents(events.query, { filter: { All: [] }, pageSize: 17, descending: true }).toArray({
      maxItems: 1_000,
    })
    expect(descending.map((event) => `${event.id.txDigest}:${event.id.eventSeq}`)).toEqual([...ids].reverse())
  })
})
