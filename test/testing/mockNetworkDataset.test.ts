import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { bcs, toBase64 } from '@mysten/bcs'
import { describe, expect, it } from 'vitest'
import { createMockNetwork, type RunningMockNetwork } from '../../src/testing/index.js'
import { postGraphql } from './mockNetworkClient.js'
import { useMockNetwork } from '../helpers/mockNetworkFixture.js'

const QUERIES_DIR = join(import.meta.dirname, '../../queries')

describe('generated datasets', () => {
  it('dataset: 100k events are generated in order and are deterministic per seed', () => {
    const network = createMockNetwork({ events: 100_000, seed: 3 })
    const { events } = network.ledger
    expect(events).toHaveLength(100_000)
    for (let i = 1; i < events.length; i += 997) {
      const previous = events[i - 1]
      const current = events[i]
      if (!previous || !current) throw new Error('missing event')
      expect(previous.txSeq < current.txSeq || (previous.txSeq === current.txSeq && previous.eventIndex < current.eventIndex)).toBe(true)
    }
    expect(network.ledger.epochs.length).toBeGreaterThan(2)
    const again = createMockNetwork({ events: 500, seed: 3 })
    const other = createMockNetwork({ events: 500, seed: 3 })
    expect(again.ledger.events.slice(0, 50)).toEqual(other.ledger.events.slice(0, 50))
    expect(again.ledger.events[0]?.id.txDigest).toBe(network.ledger.events[0]?.id.txDigest)
  })

  it('dataset: several packages, a generic event type with type arguments, many senders, checkpoints with several transactions', () => {
    const network = createMockNetwork({ events: 2_000, seed: 4 })
    const types = new Set(network.ledger.events.map((event) => event.type))
    expect(types.size).toBeGreaterThanOrEqual(7)
    expect([...types].some((type) => /::game::Reward<0x[0-9a-f]{64}::token::GOLD>$/.test(type))).toBe(true)
    expect(new Set(network.ledger.events.map((event) => event.packageId)).size).toBe(3)
    expect(new Set(network.ledger.transactions.map((tx) => tx.sender)).size).toBeGreaterThan(10)
    expect(network.ledger.transactions.some((tx, i, all) => all[i + 1]?.checkpoint === tx.checkpoint)).toBe(true)
  })
})

describe('queries/*.graphql against the mock', () => {
  let mock: RunningMockNetwork

  useMockNetwork({ events: 200, seed: 8 }, async (started) => {
    mock = started
  })

  it('G5: every operation in queries/ executes without errors (with fragments.graphql)', async () => {
    const files = readdirSync(QUERIES_DIR).filter((name) => name.endsWith('.graphql'))
    const fragments = readFileSync(join(QUERIES_DIR, 'fragments.graphql'), 'utf8')
    const operations = files.filter((name) => name !== 'fragments.graphql')
    expect(operations.length).toBeGreaterThanOrEqual(6)
    const variables: Record<string, Record<string, unknown>> = {
      'dynamicField.graphql': {
        address: mock.network.dataset?.registry,
        name: { type: 'u64', bcs: toBase64(bcs.u64().serialize(100n).toBytes()) },
      },
      'epoch.graphql': { first: 5 },
      'events.graphql': { first: 5, filter: { sender: mock.network.dataset?.senders[0] } },
      'transactionBlocks.graphql': { last: 5 },
    }
    for (const file of operations) {
      const source = readFileSync(join(QUERIES_DIR, file), 'utf8')
      const used = [...source.matchAll(/\.\.\.(\w+)/g)].map((match) => match[1])
      const needed = fragments
        .split(/(?=fragment )/)
        .filter((definition) => used.some((name) => definition.startsWith(`fragment ${name} `)))
        .join('\n')
      const answer = await postGraphql(mock.graphqlUrl, `${source}\n${needed}`, variables[file] ?? {})
      expect(answer.json.errors, file).toBeUndefined()
      expect(answer.json.data, file).not.toBeNull()
    }
  })
})
