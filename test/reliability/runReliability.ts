// The reliability suite at full size: `npm run reliability`. 100,000 events walked by
// `client.paginate` and `client.events.iterate`, and the dataset's transactions (about 70,000)
// by `client.transactions.iterate` both directions, killed half way and resumed from
// `walk.cursor`, over real sockets while 5% of the responses
// are faults of every transient kind; prints the figures and exits 1 unless both walks
// deliver every event once, in order, with no error reaching the caller.
//
//   npm run reliability            RELIABILITY_EVENTS=20000 RELIABILITY_FAULT_RATE=0.1 npm run reliability
//   RELIABILITY_KINDS=reset,resetMidBody,slow npm run reliability   (a subset of the fault kinds)
//   RELIABILITY_WALKS=transactions RELIABILITY_EVENTS=28000 npm run reliability   (some walks only: names start with these)
import { TRANSIENT_FAULT_KINDS, type TransientFaultKind } from '../../src/testing/index.js'
import { walkThroughFaults, type ReliabilityOptions } from './walkThroughFaults.js'

const kinds = (process.env.RELIABILITY_KINDS?.split(',') ?? TRANSIENT_FAULT_KINDS) as TransientFaultKind[]
const unknownKind = kinds.find((kind) => !TRANSIENT_FAULT_KINDS.includes(kind))
if (unknownKind !== undefined) throw new Error(`RELIABILITY_KINDS: unknown kind ${unknownKind}; kinds: ${TRANSIENT_FAULT_KINDS.join(', ')}`)

const options: ReliabilityOptions = {
  events: Number(process.env.RELIABILITY_EVENTS ?? 100_000),
  seed: Number(process.env.RELIABILITY_SEED ?? 7),
  faultRate: Number(process.env.RELIABILITY_FAULT_RATE ?? 0.05),
  kinds,
  pageSize: 50,
  timeoutMs: 500,
  slowMs: 750,
  retry: { retries: 6, baseDelayMs: 1, maxDelayMs: 10 },
  deadlineMs: 600_000,
  ...(process.env.RELIABILITY_WALKS ? { walks: process.env.RELIABILITY_WALKS.split(',') } : {}),
}

let unhandled = 0
process.on('unhandledRejection', () => void unhandled++)

console.log(
  `reliability: ${options.events.toLocaleString('en-US')} events, ${options.faultRate * 100}% faulty responses (seed ${options.seed}; ` +
    `${kinds.length === TRANSIENT_FAULT_KINDS.length ? 'every kind' : kinds.join(', ')}), ` +
    `pageSize ${options.pageSize}, timeoutMs ${options.timeoutMs}, slow faults ${options.slowMs} ms, retry ${JSON.stringify(options.retry)} (Node ${process.version})`,
)
const started = performance.now()
const figures = await walkThroughFaults(options)
console.table(
  figures.map((walk) => ({
    walk: walk.walk,
    items: `${walk.delivered} of ${walk.expected}`,
    requests: walk.requests,
    faults: walk.faultTotal,
    lost: walk.lost,
    duplicated: walk.duplicated,
    'in order': walk.exact,
    errors: walk.errors.length,
    'wall s': (walk.wallMs / 1000).toFixed(1),
  })),
)
console.log('faults injected by kind')
console.table(Object.fromEntries(figures.map((walk) => [walk.walk, walk.faults])))
for (const walk of figures) {
  for (const error of walk.errors) console.log(`${walk.walk}: ${error.code} after ${error.deliveredBefore} items: ${error.message}`)
}
console.log(
  `unhandled rejections: ${unhandled}; total wall time ${((performance.now() - started) / 1000).toFixed(1)} s (dataset generation included)`,
)
const met = unhandled === 0 && figures.every((walk) => walk.exact && walk.errors.length === 0 && walk.lost === 0 && walk.duplicated === 0)
console.log(met ? 'target met: 0 lost, 0 duplicated, 0 errors' : 'target MISSED')
process.exit(met ? 0 : 1)
