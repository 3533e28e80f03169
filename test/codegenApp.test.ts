import { execFile } from 'node:child_process'
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, repoRoot } from '../scripts/packAndInstall.js'

// examples/codegen-app as a user runs it: the packed package (npm pack) installed into a copy
// of the project from the tarball, its codegen run against node_modules/chainx-sdk/schema.graphql,
// its output compared with the committed one, and the project type-checked. The copy lives under
// the repository so that its other dependencies (graphql-codegen, graphql, typescript) resolve
// from the root node_modules; only chainx-sdk (and its own dependencies) is installed in it.
const run = promisify(execFile)
const example = join(repoRoot, 'examples/codegen-app')
const dir = join(repoRoot, '.codegen-app-test')
const generated = 'src/generated/graphql.ts'

beforeAll(async () => {
  await ensureBuilt()
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  for (const entry of ['codegen.ts', 'tsconfig.json', 'queries', 'src']) cpSync(join(example, entry), join(dir, entry), { recursive: true })
  rmSync(join(dir, generated))
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 })
  const [{ filename }] = JSON.parse(stdout) as [{ filename: string }]
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'chainx-codegen-app-test', private: true, type: 'module' }, null, 2)}\n`,
  )
  await run('npm', ['install', join(dir, filename), '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd: dir,
    maxBuffer: 16 * 1024 * 1024,
  })
}, 300_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('examples/codegen-app: a user project typed by graphql-codegen against the shipped schema', () => {
  it('runs its codegen from node_modules/chainx-sdk/schema.graphql, as committed', async () => {
    expect(readFileSync(join(dir, 'node_modules/chainx-sdk/schema.graphql'), 'utf8')).toBe(
      readFileSync(join(repoRoot, 'schema.graphql'), 'utf8'),
    )
    await run(join(repoRoot, 'node_modules/.bin/graphql-codegen'), ['--config', 'codegen.ts', '--silent'], { cwd: dir, timeout: 120_000 })
    expect(readFileSync(join(dir, generated), 'utf8')).toBe(readFileSync(join(example, generated), 'utf8'))
  }, 150_000)

  it('type-checks against the installed package; a wrong field or variable fails', async () => {
    const tsc = join(repoRoot, 'node_modules/.bin/tsc')
    const typecheck = () =>
      run(tsc, ['--noEmit', '-p', dir], { cwd: dir, timeout: 120_000 }).then(
        () => '',
        (error: { stdout: string }) => error.stdout,
      )
    expect(await typecheck()).toBe('')
    // The same project with mistakes: the installed package's types catch each.
    writeFileSync(
      join(dir, 'src/mistakes.ts'),
      `import type { ChainxClient } from 'chainx-sdk'
import { CheckpointDocument, SentBlocksDocument } from './generated/graphql.js'
export async function mistakes(client: ChainxClient) {
  const { data } = await client.graphql.query(CheckpointDocument)
  data.checkpoint?.gasPrice
  await client.graphql.query(SentBlocksDocument, {})
  await client.graphql.query(SentBlocksDocument, { sender: 1 })
}
`,
    )
    const errors = await typecheck()
    rmSync(join(dir, 'src/mistakes.ts'))
    expect(errors).toMatch(/mistakes\.ts\(5,.*Property 'gasPrice' does not exist/)
    expect(errors).toMatch(/mistakes\.ts\(6,.*(sender|not assignable)/)
    expect(errors).toMatch(/mistakes\.ts\(7,.*Type 'number' is not assignable to type 'string'/)
  }, 250_000)
})
