import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The shipped .d.ts (npm run build; the test script builds first) as a browser app's TypeScript
// sees it: lib ES2022 + DOM, no @types/node, skipLibCheck off, the package imported by name through
// its "exports" from a scratch project, once as ESM (.d.ts) and once as CommonJS (.d.cts).
const root = fileURLToPath(new URL('../../', import.meta.url))
const run = promisify(execFile)
let project: string

/** A consumer of the neutral entries and chainx-sdk/query, with TanStack's Register set to ChainxError; type errors fail tsc. */
const consumer = (load: string) => `${load}

declare module '@tanstack/query-core' {
  interface Register {
    defaultError: ChainxError
  }
}

const client = new ChainxClient({ graphqlUrl: 'https://rpc.example/graphql', rpcUrl: 'https://rpc.example/json-rpc' })
const q = createQueryOptions(client)
const observer = new QueryObserver(new QueryClient(), q.graphql.epoch())
// Register types every query's error as the SDK's.
export const error: ChainxError | null = observer.getCurrentResult().error
export const code: ChainxError['code'] | undefined = observer.getCurrentResult().error?.code
export const events: readonly ['chainx', string, 'events'] = chainxKeys.events.all(client)
export const key: ChainxQueryKey = chainxKeys.transactions.live(client, { maxItems: 5 })
export const live = q.events.live({ filter: { Sender: undefined }, maxItems: 10 })
// @ts-expect-error: one name per thing, maxItems
q.events.live({ filter: { All: [] }, maxEvents: 10 })
// @ts-expect-error: GraphQL Int variables are numbers
q.graphql.epoch({ id: 3n })
export const walk = q.transactions.infinite({ options: { showEffects: true } })
export const document = graphql('query Latest { epoch { epochId } }')
export const struct = moveStruct
export const closing: Promise<void> = client.close()
`

beforeAll(() => {
  if (!existsSync(join(root, 'dist/query/index.d.ts'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does)')
  project = mkdtempSync(join(tmpdir(), 'chainx-dts-'))
  mkdirSync(join(project, 'node_modules/@tanstack'), { recursive: true })
  symlinkSync(root, join(project, 'node_modules/chainx-sdk'), 'dir')
  symlinkSync(join(root, 'node_modules/@tanstack/query-core'), join(project, 'node_modules/@tanstack/query-core'), 'dir')
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
  const compilerOptions = {
    target: 'ES2022',
    lib: ['ES2022', 'DOM'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    skipLibCheck: false,
    types: [],
    noEmit: true,
  }
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['esm.ts', 'cjs.cts'] }))
  const names = `import { ChainxClient, type ChainxError } from 'chainx-sdk'
import { graphql } from 'chainx-sdk/graphql'
import { moveStruct } from 'chainx-sdk/move'
import { chainxKeys, createQueryOptions, type ChainxQueryKey } from 'chainx-sdk/query'
import { QueryClient, QueryObserver } from '@tanstack/query-core'`
  writeFileSync(join(project, 'esm.ts'), consumer(names))
  writeFileSync(join(project, 'cjs.cts'), consumer(names))
})
afterAll(() => rmSync(project, { recursive: true, force: true }))

describe('the shipped declarations', () => {
  it('compile with lib ES2022 + DOM and skipLibCheck: false, for ESM and CommonJS consumers (main entry, query, graphql, move)', async () => {
    const result = await run(join(root, 'node_modules/.bin/tsc'), ['-p', project], { cwd: project, timeout: 180_000 }).catch(
      (error: { stdout: string }) => error,
    )
    expect(result.stdout).toBe('')
  }, 180_000)
})
