import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'

// These run the built package (npm run build; the test script builds first) the way an
// installed copy is loaded: by name, through package.json "exports", in plain Node.
const root = new URL('../', import.meta.url)
const run = promisify(execFile)
const built = existsSync(new URL('dist/index.js', root))

const program = (load: string) => `
${load}
const mock = await startMockNetwork({ events: 50 })
try {
  const client = new ChainxClient(mock)
  const { data, version } = await client.graphql.serviceConfig()
  const page = await client.events.query({ filter: { All: [] }, limit: 5 })
  console.log(JSON.stringify({ maxPageSize: data.serviceConfig.maxPageSize, version: version.raw, events: page.data.length }))
} finally {
  await mock.close()
}`

describe('the built package', () => {
  beforeAll(() => {
    if (!built) throw new Error('dist/ is missing: run `npm run build` first (npm test does)')
  })

  it('G1/G4: imports from ESM by name and reads the mock network', async () => {
    const code = program("import { ChainxClient } from 'chainx-sdk'\nimport { startMockNetwork } from 'chainx-sdk/testing'")
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', code], { cwd: root })
    expect(JSON.parse(stdout)).toEqual({ maxPageSize: 50, version: '2025.3.0', events: 5 })
  })

  it('G1/G4: requires from CommonJS by name and reads the mock network', async () => {
    const code = `(async () => {${program(
      "const { ChainxClient } = require('chainx-sdk')\nconst { startMockNetwork } = require('chainx-sdk/testing')",
    )}})().catch((error) => { console.error(error); process.exit(1) })`
    const { stdout } = await run(process.execPath, ['--input-type=commonjs', '-e', code], { cwd: root })
    expect(JSON.parse(stdout)).toEqual({ maxPageSize: 50, version: '2025.3.0', events: 5 })
  })

  it('chainx-sdk/move and chainx-sdk/codegen load from ESM and CommonJS by name', async () => {
    const check = `const listed = moveStruct({ package: '0x2', module: 'm', name: 'E', fields: { n: moveTypes.u64 } })
console.log(JSON.stringify([listed.type, listed.decode(listed.bcs.serialize({ n: 5n }).toBytes()), typeof generateMoveEvents]))`
    const expected = [`0x${'0'.repeat(63)}2::m::E`, { n: '5' }, 'function']
    const esm = `import { moveStruct, moveTypes } from 'chainx-sdk/move'\nimport { generateMoveEvents } from 'chainx-sdk/codegen'\n${check}`
    const cjs = `const { moveStruct, moveTypes } = require('chainx-sdk/move')\nconst { generateMoveEvents } = require('chainx-sdk/codegen')\n${check}`
    expect(JSON.parse((await run(process.execPath, ['--input-type=module', '-e', esm], { cwd: root })).stdout)).toEqual(expected)
    expect(JSON.parse((await run(process.execPath, ['--input-type=commonjs', '-e', cjs], { cwd: root })).stdout)).toEqual(expected)
  })

  it('chainx-sdk/query loads from ESM and CommonJS by name, with no runtime import of @tanstack/query-core, and feeds its QueryClient', async () => {
    const check = (load: string) => `${load}
const mock = await startMockNetwork({ events: 30 })
try {
  const q = createQueryOptions(new ChainxClient(mock))
  const data = await new QueryClient().fetchInfiniteQuery({ ...q.paginate(EventsDocument, {}, { pageSize: 10 }), pages: 2 })
  console.log(JSON.stringify({ key: q.graphql.epoch().queryKey.slice(0, 5).join(' '), items: data.pages.map((page) => page.items.length) }))
} finally {
  await mock.close()
}`
    const esm = check(
      "import { ChainxClient, EventsDocument } from 'chainx-sdk'\nimport { createQueryOptions } from 'chainx-sdk/query'\nimport { startMockNetwork } from 'chainx-sdk/testing'\nimport { QueryClient } from '@tanstack/query-core'",
    )
    const cjs = `(async () => {${check(
      "const { ChainxClient, EventsDocument } = require('chainx-sdk')\nconst { createQueryOptions } = require('chainx-sdk/query')\nconst { startMockNetwork } = require('chainx-sdk/testing')\nconst { QueryClient } = require('@tanstack/query-core')",
    )}})().catch((error) => { console.error(error); process.exit(1) })`
    for (const [type, code] of [
      ['module', esm],
      ['commonjs', cjs],
    ] as const) {
      const { stdout } = await run(process.execPath, [`--input-type=${type}`, '-e', code], { cwd: root })
      expect(JSON.parse(stdout)).toEqual({
        key: expect.stringMatching(/^chainx http:\/\/127\.0\.0\.1:\d+\/graphql graphql Epoch query$/),
        items: [10, 10],
      })
    }
    for (const file of ['dist/query/index.js', 'dist/query/index.cjs'])
      expect(readFileSync(new URL(file, root), 'utf8')).not.toMatch(/@tanstack/)
  })

  it('the chainx bin (built, plain Node) regenerates examples/move/events.ts exactly', async () => {
    const bin = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { bin: { chainx: string } }).bin.chainx
    const { stdout } = await run(process.execPath, [bin, 'codegen-move', 'examples/move', '--address', '0xc4a1'], { cwd: root })
    expect(stdout).toBe(`${readFileSync(new URL('examples/move/events.ts', root), 'utf8')}\n`)
  })

  it('an error thrown by the CommonJS build is a ChainxError of its class in the ESM build (brand across copies)', async () => {
    const code = `
import { createRequire } from 'node:module'
import * as esm from 'chainx-sdk'
const cjs = createRequire(import.meta.url)('chainx-sdk')
let thrown
try { new cjs.ChainxClient({ graphqlUrl: 'not a url' }) } catch (error) { thrown = error }
const limited = new cjs.RateLimitedError({ status: 429, retryAfterMs: 5 })
console.log(JSON.stringify({
  distinctClasses: cjs.ChainxError !== esm.ChainxError,
  thrownIsChainx: esm.isChainxError(thrown) && thrown instanceof esm.ChainxError,
  thrownByCode: esm.isChainxError(thrown, 'INVALID_ARGUMENT') && thrown instanceof esm.InvalidArgumentError,
  limitedIsClass: limited instanceof esm.RateLimitedError && esm.isChainxError(limited, 'RATE_LIMITED'),
  limitedIsNotHttp: limited instanceof esm.HttpError || esm.isChainxError(limited, 'HTTP'),
  plainError: esm.isChainxError(new Error('x')) || new Error('x') instanceof esm.ChainxError,
  esmInCjs: new esm.NetworkError({ url: 'http://x' }) instanceof cjs.NetworkError,
}))`
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', code], { cwd: root })
    expect(JSON.parse(stdout)).toEqual({
      distinctClasses: true,
      thrownIsChainx: true,
      thrownByCode: true,
      limitedIsClass: true,
      limitedIsNotHttp: false,
      plainError: false,
      esmInCjs: true,
    })
  })

  it('keeps the testing utilities out of the main entry', () => {
    for (const file of ['dist/index.js', 'dist/index.cjs']) {
      const source = readFileSync(new URL(file, root), 'utf8')
      expect(source).not.toMatch(/testing\/|startMockNetwork|@mysten\/bcs|from ['"]msw|moveStruct|codegenMove/)
    }
  })

  it('carries the metadata npm and provenance read, and ships the LICENSE (Apache-2.0, section 4a)', async () => {
    const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as Record<string, unknown>
    expect(manifest).toMatchObject({
      license: 'Apache-2.0',
      repository: { type: 'git', url: expect.stringMatching(/^git\+https:\/\/github\.com\/.+\.git$/) },
      homepage: expect.stringMatching(/^https:\/\//),
      bugs: { url: expect.stringMatching(/^https:\/\/.+\/issues$/) },
      keywords: expect.arrayContaining(['chainx', 'graphql', 'json-rpc']),
    })
    expect(readFileSync(new URL('LICENSE', root), 'utf8')).toMatch(
      /^\s*Apache License\s+Version 2\.0, January 2004[^]*END OF TERMS AND CONDITIONS/,
    )
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root.pathname })
    const [packed] = JSON.parse(stdout) as { files: { path: string }[] }[]
    expect(packed?.files.map((file) => file.path)).toContain('LICENSE')
  })
})
