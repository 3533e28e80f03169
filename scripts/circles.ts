// Import circles among the files of src/: every relative import counts (static, `import type`,
// `export … from` and `import()`), since a circle of types is still two files that cannot be
// read apart. Prints each circle (one strongly connected component of the import graph, with one
// loop through it) and exits 1 when there is any.
//
//   npm run circles
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

const root = resolve(process.argv[2] ?? 'src')

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  const base = resolve(dirname(from), specifier)
  const stem = base.replace(/\.(c|m)?js$/, '')
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts')]) if (existsSync(candidate)) return candidate
  return undefined
}

const files = sourceFiles(root)
const graph = new Map<string, string[]>()
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
  const targets = importedFiles.map((entry) => resolveImport(file, entry.fileName)).filter((target) => target !== undefined)
  graph.set(file, [...new Set(targets)])
}

// Tarjan's strongly connected components, iteratively (no recursion depth to worry about).
const index = new Map<string, number>()
const low = new Map<string, number>()
const onStack = new Set<string>()
const stack: string[] = []
const components: string[][] = []
let counter = 0
for (const start of files) {
  if (index.has(start)) continue
  const work: [string, number][] = [[start, 0]]
  while (work.length > 0) {
    const frame = work[work.length - 1]!
    const [node, next] = frame
    if (next === 0) {
      index.set(node, counter)
      low.set(node, counter++)
      stack.push(node)
      onStack.add(node)
    }
    const edges = graph.get(node) ?? []
    if (next < edges.length) {
      frame[1]++
      const target = edges[next]!
      if (!index.has(target)) work.push([target, 0])
      else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!))
      continue
    }
    work.pop()
    const parent = work[work.length - 1]
    if (parent) low.set(parent[0], Math.min(low.get(parent[0])!, low.get(node)!))
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) components.push(component)
    }
  }
}

/** One loop through a component: the shortest path back to its first file (breadth first). */
function loopThrough(component: string[]): string[] {
  const members = new Set(component)
  const first = [...component].sort()[0]!
  const previous = new Map<string, string>()
  const queue = [first]
  for (const node of queue) {
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue
      if (target === first) {
        const path = [node]
        while (path[0] !== first) path.unshift(previous.get(path[0]!)!)
        return [...path, first]
      }
      if (!previous.has(target)) {
        previous.set(target, node)
        queue.push(target)
      }
    }
  }
  return [first]
}

const name = (file: string) => relative(process.cwd(), file)
for (const component of components) {
  console.log(`circle of ${component.length} file(s): ${loopThrough(component).map(name).join(' -> ')}`)
  if (component.length > 2) console.log(`  all of: ${component.map(name).sort().join(', ')}`)
}
console.log(`${files.length} files, ${components.length} import circle(s)`)
if (components.length > 0) process.exit(1)
