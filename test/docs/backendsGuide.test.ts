import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { matchesOutput } from '../outputMatcher.js'

// docs/backends.md, as the README is checked (test/readme.test.ts): each ```ts run block is
// type-checked under --strict, run with tsx (the package imported by name: the build) and its
// output compared with the ```text output block after it.
const root = new URL('../../', import.meta.url).pathname
const guide = readFileSync(join(root, 'docs/backends.md'), 'utf8')
const examples = [...guide.matchAll(/```ts run\n([\s\S]*?)```\n(?:(?!```ts run)[\s\S])*?```text output\n([\s\S]*?)```/g)].map((match) => ({
  code: match[1] as string,
  output: (match[2] as string).trimEnd().split('\n'),
}))
const dir = join(root, '.backends-guide-snippets')
const run = promisify(execFile)
const fileOf = (index: number) => join(dir, `example-${index + 1}.ts`)

beforeAll(() => {
  mkdirSync(dir, { recursive: true })
  examples.forEach(({ code }, index) => writeFileSync(fileOf(index), code))
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: '../tsconfig.json', compilerOptions: { strict: true, noEmit: true }, include: ['*.ts'] }))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('docs/backends.md examples', () => {
  it('has a runnable example of failover, of a walk across a version change and of telemetry, each with its output', () => {
    expect(examples).toHaveLength([...guide.matchAll(/```ts run\n/g)].length)
    expect(examples.length).toBeGreaterThanOrEqual(3)
  })

  it('type-check under --strict', async () => {
    const tsc = join(root, 'node_modules/.bin/tsc')
    const result = await run(tsc, ['-p', join(dir, 'tsconfig.json')], { cwd: root, timeout: 120_000 }).catch((error: { stdout: string }) => error)
    expect(result.stdout).toBe('')
  }, 120_000)

  for (const [index, { code, output }] of examples.entries()) {
    const title = code.split('\n').find((line) => line.startsWith('//')) ?? code.split('\n')[0] ?? ''
    it(`example ${index + 1} prints what the guide says: ${title.slice(0, 60)}`, async () => {
      const { stdout } = await run(join(root, 'node_modules/.bin/tsx'), [fileOf(index)], { cwd: root, timeout: 60_000 })
      const lines = stdout.trimEnd().split('\n')
      expect(matchesOutput(lines, output), `printed:\n${stdout}\nthe guide says:\n${output.join('\n')}`).toBe(true)
    }, 60_000)
  }
})
