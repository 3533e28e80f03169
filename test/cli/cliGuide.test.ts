import { execFile } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { marked, type Tokens } from 'marked'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningMockNetwork } from '../../src/testing/index.js'
import { matchesOutput, root } from '../docs/markdownDocs.js'
import { useMockNetwork } from '../helpers/mockNetworkFixture.js'
import { BIN, checkBuiltBin, endpointsOf } from './runBin.js'

// Every ```sh cli block of docs/cli.md is run with sh, in order, in one scratch directory, with
// `chainx` on the PATH (the built bin) and the endpoints of a mock network of 500 events (seed 7)
// in the environment; its standard output is compared with the ```text output block after it.
const blocks: { code: string; output: string[] | undefined }[] = []
for (const token of marked.lexer(readFileSync(join(root, 'docs/cli.md'), 'utf8'))) {
  if (token.type !== 'code') continue
  const { lang, text } = token as Tokens.Code
  if (lang === 'sh cli') blocks.push({ code: text, output: undefined })
  else if (lang === 'text output' && blocks.at(-1)?.output === undefined)
    (blocks.at(-1) as { output?: string[] }).output = text.trimEnd().split('\n')
}

const run = promisify(execFile)
let mock: RunningMockNetwork
let dir: string
useMockNetwork({ events: 500, seed: 7 }, (started) => {
  mock = started
})
beforeAll(() => {
  checkBuiltBin()
  dir = mkdtempSync(join(tmpdir(), 'chainx-cli-guide-'))
  mkdirSync(join(dir, '.bin'))
  writeFileSync(join(dir, '.bin/chainx'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`)
  chmodSync(join(dir, '.bin/chainx'), 0o755)
})
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('docs/cli.md', () => {
  it('has runnable command blocks, each with its output', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(6)
    expect(blocks.filter((block) => block.output === undefined)).toEqual([])
  })

  for (const [index, block] of blocks.entries()) {
    it(`block ${index + 1} prints what the guide says: ${block.code.split('\n')[0]?.slice(0, 70)}`, async () => {
      const env = { ...process.env, ...endpointsOf(mock), PATH: `${join(dir, '.bin')}:${process.env.PATH}` }
      const { stdout } = await run('sh', ['-c', block.code], { cwd: dir, env, timeout: 60_000 })
      const lines = stdout.trimEnd().split('\n')
      expect(matchesOutput(lines, block.output ?? []), `printed:\n${stdout}\ndocs/cli.md says:\n${block.output?.join('\n')}`).toBe(true)
    })
  }
})
