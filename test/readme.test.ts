import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

// Every README code block fenced as ```ts run is a complete program: each runs here with
// tsx, the package imported by name, against its own mock network.
const root = new URL('../', import.meta.url).pathname
const readme = readFileSync(join(root, 'README.md'), 'utf8')
const blocks = [...readme.matchAll(/```ts run\n([\s\S]*?)```/g)].map((match) => match[1] as string)
const dir = join(root, '.readme-snippets')
const run = promisify(execFile)
mkdirSync(dir, { recursive: true })
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('README examples', () => {
  it('has runnable examples', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(7)
  })

  for (const [index, code] of blocks.entries()) {
    const title = code.split('\n').find((line) => line.startsWith('const') || line.startsWith('//')) ?? ''
    it(`example ${index + 1} runs: ${title.slice(0, 60)}`, async () => {
      const file = join(dir, `example-${index + 1}.ts`)
      writeFileSync(file, code)
      const { stdout } = await run(join(root, 'node_modules/.bin/tsx'), [file], { cwd: root, timeout: 60_000 })
      expect(stdout.length).toBeGreaterThan(0)
    })
  }
})
