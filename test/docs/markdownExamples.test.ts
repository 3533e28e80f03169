import { execFile } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentationFiles, matchesOutput, root, runnableExamples, type RunnableExample } from './markdownDocs.js'

// Every code block fenced as ```ts run in README.md or docs/**/*.md is a complete program,
// followed by a ```text output block with what it prints. Each is type-checked under --strict
// (tsc, one run for all), then run with tsx, the package imported by name, against its own mock
// network, and its output compared line by line (`…` is any text; a line holding only `…` is any
// lines). A new guide in docs/ is picked up with no edit here.
const files = documentationFiles()
const examples: RunnableExample[] = files.flatMap(runnableExamples)
const dir = join(root, '.docs-snippets')
const run = promisify(execFile)
const fileOf = ({ file, index }: RunnableExample) => join(dir, `${file.replace(/\.md$/, '').replace(/[^\w-]/g, '_')}-${index}.ts`)

beforeAll(() => {
  mkdirSync(dir, { recursive: true })
  for (const example of examples) writeFileSync(fileOf(example), example.code)
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ extends: '../tsconfig.json', compilerOptions: { strict: true, noEmit: true }, include: ['*.ts'] }),
  )
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('runnable examples in README.md and docs/', () => {
  it('README.md has runnable examples; every ts run block has its text output block', () => {
    expect(examples.filter((example) => example.file === 'README.md').length).toBeGreaterThanOrEqual(7)
    const withoutOutput = examples.filter((example) => example.output === undefined).map(({ file, index }) => `${file} example ${index}`)
    expect(withoutOutput).toEqual([])
  })

  it('type-check under --strict', async () => {
    const tsc = join(root, 'node_modules/.bin/tsc')
    const result = await run(tsc, ['-p', join(dir, 'tsconfig.json')], { cwd: root, timeout: 180_000 }).catch(
      (error: { stdout: string }) => error,
    )
    // tsc names the snippet file (e.g. docs_graphql-2.ts: docs/graphql.md, example 2).
    expect(result.stdout).toBe('')
  }, 180_000)

  for (const example of examples) {
    const title = example.code.split('\n').find((line) => line.startsWith('const') || line.startsWith('//')) ?? ''
    it(`${example.file} example ${example.index} prints what the doc says: ${title.slice(0, 60)}`, async () => {
      const { stdout } = await run(join(root, 'node_modules/.bin/tsx'), [fileOf(example)], { cwd: root, timeout: 100_000 })
      const lines = stdout.trimEnd().split('\n')
      const expected = example.output ?? []
      expect(matchesOutput(lines, expected), `printed:\n${stdout}\n${example.file} says:\n${expected.join('\n')}`).toBe(true)
    }, 120_000) // a second or two each when the machine is idle; generous for a loaded CI machine
  }
})

describe('the output matcher', () => {
  it('matches text with … and any lines with a lone …', () => {
    expect(matchesOutput(['a 1', 'b', 'c'], ['a …', '…'])).toBe(true)
    expect(matchesOutput(['a 1', 'b'], ['a …', 'c'])).toBe(false)
    expect(matchesOutput(['x.y'], ['x.y'])).toBe(true)
    expect(matchesOutput(['xzy'], ['x.y'])).toBe(false)
    expect(matchesOutput([], ['…'])).toBe(true)
    expect(matchesOutput(['extra'], [])).toBe(false)
  })
})
