// `npm run fuzz`: at least 10,000 generated hostile responses served over a local socket to
// every SDK entry point the issue names (graphql.query, the typed operations, paginate,
// events.query, events.iterate, events.watch), and the outcomes by kind. Good outcomes are
// a ChainxError with a code or a well-formed result; anything else is a finding, printed
// with its case, and makes the script fail.
//   npm run fuzz -- [casesPerTarget=1000] [seed=<time>]
import { TARGETS } from '../test/fuzz/hostileCases.js'
import { GOOD_KINDS, runHostileCases } from '../test/fuzz/runHostileCases.js'

const casesPerTarget = Number(process.argv[2] ?? 1_000)
const seed = Number(process.argv[3] ?? Date.now() % 2 ** 31)
const total = casesPerTarget * TARGETS.length
console.log(`fuzz: ${total} cases (${casesPerTarget} per target over ${TARGETS.length} targets), seed ${seed}`)
const started = performance.now()
const figures = await runHostileCases({
  seed,
  casesPerTarget,
  onCase: (done) => {
    if (done % 1_000 === 0) console.log(`  ${done} / ${total}`)
  },
})
const seconds = ((performance.now() - started) / 1000).toFixed(1)
const percent = (count: number) => `${((count / figures.cases) * 100).toFixed(2)}%`
const good = Object.entries(figures.byKind)
  .filter(([kind]) => GOOD_KINDS.has(kind))
  .reduce((sum, [, count]) => sum + count, 0)

console.log(`\n${figures.cases} cases in ${seconds} s; unhandled rejections: ${figures.unhandledRejections}`)
console.log(`typed outcomes (ChainxError with a code, or a well-formed result): ${good} (${percent(good)})`)
console.log('outcomes by kind:')
for (const [kind, count] of Object.entries(figures.byKind).sort((a, b) => b[1] - a[1]))
  console.log(`  ${kind.padEnd(18)} ${String(count).padStart(6)}  ${percent(count)}`)
console.log('error codes:')
for (const [code, count] of Object.entries(figures.byCode).sort((a, b) => b[1] - a[1]))
  console.log(`  ${code.padEnd(18)} ${String(count).padStart(6)}`)
console.log('by target:')
for (const [target, tally] of Object.entries(figures.byTarget)) {
  console.log(
    `  ${target.padEnd(24)} ${Object.entries(tally)
      .map(([kind, count]) => `${kind} ${count}`)
      .join(', ')}`,
  )
}
if (figures.findings.length > 0) {
  console.log('\nfindings (first cases of each kind and target):')
  for (const { target, outcome, description } of figures.findings) {
    console.log(`- ${target}: ${outcome.kind} (${outcome.detail}), ${outcome.requests} requests\n${description}`)
  }
}
if (good !== figures.cases || figures.unhandledRejections > 0) process.exitCode = 1
