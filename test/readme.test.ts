import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { matchesOutput } from './outputMatcher.js'

// Every README code block fenced as ```ts run is a complete program, followed by a ```text output
// block with what it prints. Each is type-checked under --strict (tsc, one run for all), then
// run here with tsx, the package imported by name, against its own mock network, and its
// output compared line by line (`…` is any text; a line holding only `…` is any lines).
const root = new URL('../', import.meta.url).pathname
const readme = readFileSync(join(root, 'README.md'), 'utf8')
const examples = [...readme.matchAll(/```ts run\n([\s\S]*?)```\n(?:(?!```ts run)[\s\S])*?```text output\n([\s\S]*?)```/g)].map((match) => ({
  code: match[1] as string,
  output: (match[2] as string).trimEnd().split('\n'),
}))
const runBlocks = [...readme.matchAll(/```ts run\n/g)].length
const dir = join(root, '.readme-snippets')
const run = promisify(execFile)
const fileOf = (index: number) => join(dir, `example-${index + 1}.ts`)

beforeAll(() => {
  mkdirSync(dir, { recursive: true })
  examples.forEach(({ code }, index) => writeFileSync(fileOf(index), code))
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: '../tsconfig.json', compilerOptions: { strict: true, noEmit: true }, include: ['*.ts'] }))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('README examples', () => {
  it('has runnable examples, each with the output it prints', () => {
    expect(examples.length).toBeGreaterThanOrEqual(7)
    expect(examples.length).toBe(runBlocks)
  })

  it('type-check under --strict', async () => {
    const tsc = join(root, 'node_modules/.bin/tsc')
    const result = await run(tsc, ['-p', join(dir, 'tsconfig.json')], { cwd: root, timeout: 120_000 }).catch((error: { stdout: string }) => error)
    expect(result.stdout).toBe('')
  }, 120_000)

  for (const [index, { code, output }] of examples.entries()) {
    const title = code.split('\n').find((line) => line.startsWith('const') || line.startsWith('//')) ?? ''
    it(`example ${index + 1} prints what the README says: ${title.slice(0, 60)}`, async () => {
      const { stdout } = await run(join(root, 'node_modules/.bin/tsx'), [fileOf(index)], { cwd: root, timeout: 60_000 })
      const lines = stdout.trimEnd().split('\n')
      expect(matchesOutput(lines, output), `printed:\n${stdout}\nREADME says:\n${output.join('\n')}`).toBe(true)
    })
  }
})

describe('the README output matcher', () => {
  it('matches text with … and any lines with a lone …', () => {
    expect(matchesOutput(['a 1', 'b', 'c'], ['a …', '…'])).toBe(true)
    expect(matchesOutput(['a 1', 'b'], ['a …', 'c'])).toBe(false)
    expect(matchesOutput(['x.y'], ['x.y'])).toBe(true)
    expect(matchesOutput(['xzy'], ['x.y'])).toBe(false)
    expect(matchesOutput([], ['…'])).toBe(true)
    expect(matchesOutput(['extra'], [])).toBe(false)
  })
})
