// The source budget of issue 29: src/ outside src/testing/ (the mock network, a subpath for tests)
// and src/indexer/ (a subpath filed beside it) stays at or under 15,000 lines, comments counted,
// as Prettier formats them (`npm run format:check` holds the formatting). Prints the count per
// folder, largest first, and exits 1 over budget or when any file of src/ (testing/ and indexer/
// included) passes the ~400-line limit.
//
//   npm run lines
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const BUDGET = 15_000
const FILE_LIMIT = 420
const EXCLUDED = new Set(['src/testing', 'src/indexer'])

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

const perFolder = new Map<string, number>()
const overLong: string[] = []
let total = 0
for (const file of sourceFiles('src')) {
  const text = readFileSync(file, 'utf8')
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
  if (lines > FILE_LIMIT) overLong.push(`${file}: ${lines} lines (limit ${FILE_LIMIT})`)
  if ([...EXCLUDED].some((folder) => file.startsWith(`${folder}/`))) continue
  const parts = relative('src', file).split('/')
  const folder = parts.length > 1 ? parts[0]! : '(root)'
  perFolder.set(folder, (perFolder.get(folder) ?? 0) + lines)
  total += lines
}

for (const [folder, lines] of [...perFolder].sort((a, b) => b[1] - a[1])) console.log(`${String(lines).padStart(6)}  ${folder}`)
console.log(`${String(total).padStart(6)}  src/ outside testing/ and indexer/ (budget ${BUDGET})`)
for (const line of overLong) console.error(line)
if (total > BUDGET || overLong.length > 0) {
  if (total > BUDGET) console.error(`over budget by ${total - BUDGET} lines`)
  process.exit(1)
}
