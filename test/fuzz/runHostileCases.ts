// Runs generated hostile cases for every target and tallies the outcomes; shared by the
// seeded test and `npm run fuzz`.
import fc from 'fast-check'
import { describeCase, hostileCase, runCase, TARGETS, type HostileCase, type Outcome, type Target } from './hostileCases.js'
import { startHostileServer } from './hostileServer.js'

export interface FuzzFigures {
  cases: number
  byKind: Record<string, number>
  byTarget: Record<string, Record<string, number>>
  /** Codes of the ChainxErrors, with counts. */
  byCode: Record<string, number>
  unhandledRejections: number
  /** Up to 5 cases per bad kind, described. */
  findings: { target: Target; outcome: Outcome; description: string }[]
}

export const GOOD_KINDS = new Set(['result', 'error'])

/** Runs `casesPerTarget` cases for each target with `seed`, one at a time. */
export async function runHostileCases(options: {
  seed: number
  casesPerTarget: number
  targets?: readonly Target[]
  onCase?: (done: number) => void
}): Promise<FuzzFigures> {
  const targets = options.targets ?? TARGETS
  const server = await startHostileServer()
  const figures: FuzzFigures = { cases: 0, byKind: {}, byTarget: {}, byCode: {}, unhandledRejections: 0, findings: [] }
  const onUnhandled = () => figures.unhandledRejections++
  process.on('unhandledRejection', onUnhandled)
  try {
    for (const [index, target] of targets.entries()) {
      const cases: HostileCase[] = fc.sample(hostileCase(target), { seed: options.seed + index, numRuns: options.casesPerTarget })
      const tally: Record<string, number> = (figures.byTarget[target] = {})
      for (const testCase of cases) {
        const outcome = await runCase(server, testCase)
        figures.cases++
        figures.byKind[outcome.kind] = (figures.byKind[outcome.kind] ?? 0) + 1
        tally[outcome.kind] = (tally[outcome.kind] ?? 0) + 1
        if (outcome.kind === 'error') figures.byCode[outcome.detail] = (figures.byCode[outcome.detail] ?? 0) + 1
        if (
          !GOOD_KINDS.has(outcome.kind) &&
          figures.findings.filter((f) => f.outcome.kind === outcome.kind && f.target === target).length < 3
        ) {
          figures.findings.push({ target, outcome, description: describeCase(testCase) })
        }
        options.onCase?.(figures.cases)
      }
    }
    // Node reports an unhandled rejection once the microtasks drain: one turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve))
  } finally {
    process.off('unhandledRejection', onUnhandled)
    await server.stop()
  }
  return figures
}
