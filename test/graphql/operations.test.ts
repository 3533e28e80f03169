import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { buildSchema, concatAST, parse, validate } from 'graphql'
import { generate } from '@graphql-codegen/cli'
import { describe, expect, it } from 'vitest'
import config from '../../codegen.js'

const root = new URL('../../', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, root), 'utf8')
const operations = concatAST(readdirSync(new URL('queries/', root)).map((file) => parse(read(`queries/${file}`))))

describe('operations in queries/', () => {
  it('G5/O1-O9: validate against the project schema', () => {
    expect(validate(buildSchema(read('schema.graphql')), operations).map((e) => e.message)).toEqual([])
  })

  // The real service's schema is reference material beside the repository, not in it: on a
  // clone with nothing beside it this check is skipped, and says so.
  const referencePath = '../shared/reference/sui-graphql-schema.graphql'
  const hasReference = existsSync(new URL(referencePath, root))
  if (!hasReference) console.warn(`operations.test.ts: SKIPPED the check against the real service's schema (${referencePath} is not there)`)
  it.skipIf(!hasReference)(
    `G5/O1-O9: validate against the real service schema too${hasReference ? '' : ` (skipped: ${referencePath} is not there)`}`,
    () => {
      const reference = buildSchema(read(referencePath))
      expect(validate(reference, operations).map((e) => e.message)).toEqual([])
    },
  )

  it('O7: ServiceConfig selects all twelve limits', () => {
    expect(read('queries/serviceConfig.graphql').match(/^\s+max\w+|^\s+defaultPageSize|^\s+requestTimeoutMs/gm)).toHaveLength(12)
  })

  it('the generated code is up to date (npm run codegen)', async () => {
    const outputs = await generate({ ...config, silent: true }, false)
    expect(outputs.length).toBeGreaterThan(0)
    for (const { filename, content } of outputs) expect(read(filename), filename).toBe(content)
  })
})
