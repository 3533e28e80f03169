// The soak suite: long-running use of the SDK over real sockets against the mock network (in a
// child process, so the heap measured is the SDK's alone), compressed in time. Each scenario
// reports the heap after a full GC at its start, middle and end, and the open sockets
// (/proc/self/fd) and active handles before and after; the run fails when the second half of
// a scenario grows the heap by more than SOAK_HEAP_BOUND_MB, or when sockets or handles do not
// come back to their baseline once the scenario closed its client.
//
//   npm run soak                       minutes: 90 s watch at 20 ms polls, 60 s subscribe, 200,000-item walk, 200 clients
//   npm run soak -- --short            seconds (what `npm test` runs, in test/soak.test.ts)
//   npm run soak -- --only watch       scenarios whose name contains the word
//   SOAK_SDK=/path/to/src/index.ts     measure another copy of the SDK (a build before a fix)
//
// Prints one JSON report (the last line of stdout) and exits 1 when a bound is broken.
import { fork } from 'node:child_process'
import type * as Sdk from '../../src/index.js'
import { activeResources, grownResources, heapAfterGc, mb, openSockets, pause } from './measure.js'
import { SCALES, SCENARIOS } from './scenarios.js'
import type { ServedNetwork } from './serveNetwork.js'

/** One scenario's figures in the report. */
export interface SoakResult {
  scenario: string
  heapMb: { start: number; middle: number; end: number; secondHalf: number }
  sockets: { before: number | undefined; after: number | undefined }
  handlesGrown: string[]
  figures: Record<string, number | string>
  failures: string[]
}

const short = process.argv.includes('--short')
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined
const scale = SCALES[short ? 'short' : 'full']
const heapBoundMb = Number(process.env['SOAK_HEAP_BOUND_MB'] ?? (short ? 0.5 : 2))
// How long sockets and handles get to close after a scenario (a FIN crossing the loopback, a close callback).
const SETTLE_MS = 3_000

const sdk = (await import(process.env['SOAK_SDK'] ?? '../../src/index.js')) as typeof Sdk
const child = fork(new URL('./serveNetwork.ts', import.meta.url).pathname, [String(scale.walkItems), '5'], {
  execArgv: ['--import', 'tsx', '--max-old-space-size=4096'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
})
const served = await new Promise<ServedNetwork>((resolve, reject) => {
  child.once('message', (message) => resolve(message as ServedNetwork))
  child.once('exit', (code) => reject(new Error(`mock network exited with ${code}`)))
})

const results: SoakResult[] = []
for (const [name, scenario] of Object.entries(SCENARIOS)) {
  if (only !== undefined && !name.includes(only)) continue
  await pause(200)
  const socketsBefore = openSockets()
  const handlesBefore = activeResources()
  const heap = { start: NaN, middle: NaN, end: NaN }
  const failures: string[] = []
  let figures: Record<string, number | string> = {}
  try {
    figures = await scenario({
      sdk,
      served,
      scale,
      sample: (at) => void (heap[at] = heapAfterGc()),
      restartEvery: (ms) => child.send({ restartEveryMs: ms }),
    })
  } catch (error) {
    failures.push(`threw ${String(error)}`)
  }
  // Sockets and handles back to baseline, waiting a little for closes in flight.
  let socketsAfter = openSockets()
  let grown = grownResources(handlesBefore, activeResources())
  for (let waited = 0; waited < SETTLE_MS && ((socketsAfter ?? 0) > (socketsBefore ?? 0) || grown.length > 0); waited += 100) {
    await pause(100)
    socketsAfter = openSockets()
    grown = grownResources(handlesBefore, activeResources())
  }
  const secondHalf = heap.end - heap.middle
  if (!(secondHalf <= heapBoundMb * 2 ** 20)) failures.push(`heap grew ${mb(secondHalf)} MB in the second half (bound ${heapBoundMb} MB)`)
  if ((socketsAfter ?? 0) > (socketsBefore ?? 0)) failures.push(`${socketsAfter} sockets open after, ${socketsBefore} before`)
  if (grown.length > 0) failures.push(`handles left: ${grown.join(', ')}`)
  const result: SoakResult = {
    scenario: name,
    heapMb: { start: mb(heap.start), middle: mb(heap.middle), end: mb(heap.end), secondHalf: mb(secondHalf) },
    sockets: { before: socketsBefore, after: socketsAfter },
    handlesGrown: grown,
    figures,
    failures,
  }
  results.push(result)
  console.error(
    `${failures.length === 0 ? 'ok  ' : 'FAIL'} ${name}: heap ${result.heapMb.start} -> ${result.heapMb.middle} -> ${result.heapMb.end} MB, sockets ${socketsBefore} -> ${socketsAfter}, ${JSON.stringify(figures)}${failures.length ? ` (${failures.join('; ')})` : ''}`,
  )
}
child.disconnect()
console.log(JSON.stringify({ scale: short ? 'short' : 'full', heapBoundMb, results }))
process.exitCode = results.some((result) => result.failures.length > 0) ? 1 : 0
