// Time to analyse a document: parse and measure (analyzeDocument, the checks before sending)
// each operation of queries/ with its fragments, every text new (a trailing comment defeats
// the cache), as the first query with a document pays it. Median and best µs per document over
// BENCH_ROUNDS rounds (default 40) of 200 documents each, after 10 rounds of warm-up (the JIT).
//
//   npm run bench:analyze
import { readdirSync, readFileSync } from 'node:fs'
import { analyzeDocument } from '../src/graphql/analyzeDocument.js'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40)
const WARM_UP = 10
const PER_ROUND = 200
const root = new URL('../', import.meta.url)
const fragments = readFileSync(new URL('queries/fragments.graphql', root), 'utf8')
const corpus = readdirSync(new URL('queries/', root))
  .filter((file) => file !== 'fragments.graphql')
  .map((file) => readFileSync(new URL(`queries/${file}`, root), 'utf8') + fragments)

let serial = 0
const samples: number[] = []
for (let round = 0; round < WARM_UP + ROUNDS; round++) {
  const texts = Array.from({ length: PER_ROUND }, (_, index) => `${corpus[index % corpus.length]}\n# ${serial++}`)
  const started = performance.now()
  for (const text of texts) analyzeDocument(text)
  if (round >= WARM_UP) samples.push(((performance.now() - started) * 1000) / PER_ROUND)
}
samples.sort((a, b) => a - b)
const median = samples[Math.floor(samples.length / 2)] as number
const bytes = corpus.reduce((sum, text) => sum + text.length, 0) / corpus.length
console.log(
  `analyzeDocument: median ${median.toFixed(1)} µs, best ${(samples[0] as number).toFixed(1)} µs per document (${corpus.length} operations of queries/ with their fragments, ${Math.round(bytes)} characters on average; ${ROUNDS} rounds of ${PER_ROUND})`,
)
