// Property: whatever the service sends (random statuses and content types, truncated bodies,
// wrong types at every path, deep nesting, huge strings, prototype keys), every call through
// the public API ends in a ChainxError with a code or a well-formed result: no other throw,
// no hang, no unbounded loop, no unhandled rejection. Seeded, so a failure reproduces;
// `npm run fuzz` runs the same cases at 10,000+ with a fresh seed.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeCase, hostileCase, runCase, TARGETS, type HostileCase } from './hostileCases.js'
import { startHostileServer, type HostileServer } from './hostileServer.js'

const SEED = 20_261_123
const CASES_PER_TARGET = 250

let server: HostileServer
let unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => unhandled.push(reason)
beforeAll(async () => {
  server = await startHostileServer()
  process.on('unhandledRejection', onUnhandled)
})
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled)
  await server.stop()
})

describe('hostile responses (fast-check, seeded)', () => {
  for (const [index, target] of TARGETS.entries()) {
    it(`${target}: every outcome is a ChainxError with a code or a well-formed result`, async () => {
      unhandled = []
      await fc.assert(
        fc.asyncProperty(hostileCase(target), async (testCase) => {
          const outcome = await runCase(server, testCase)
          if (outcome.kind !== 'result' && outcome.kind !== 'error') {
            throw new Error(`${outcome.kind}: ${outcome.detail}\n${describeCase(testCase)}`)
          }
        }),
        { seed: SEED + index, numRuns: CASES_PER_TARGET, endOnFailure: true },
      )
      // Node reports an unhandled rejection once the microtasks drain: one turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve))
      expect(unhandled).toEqual([])
    }, 60_000)
  }
})

/**
 * Issue 9 finding: pages that claim more with fresh cursors and no items, forever. A walk
 * ends with a typed error (`EMPTY_PAGES`) after `maxEmptyPages` (100) of them, before the
 * case's request cap.
 */
describe('endless empty pages that claim more', () => {
  for (const target of ['paginate', 'paginate.backward', 'events.iterate'] as const) {
    it(`${target} ends with a ChainxError before the request cap`, async () => {
      const testCase: HostileCase = { target, limits: false, responses: [], serviceConfig: [], endless: true }
      const outcome = await runCase(server, testCase)
      expect(outcome).toMatchObject({ kind: 'error' })
    }, 60_000)
  }
})
