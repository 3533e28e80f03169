import { readdirSync, readFileSync } from 'node:fs'
import { parse, visit } from 'graphql'
import { describe, expect, it } from 'vitest'
import { analyzeDocument } from '../../src/graphql/analyzeDocument.js'

const root = new URL('../../', import.meta.url)
const fragments = readFileSync(new URL('queries/fragments.graphql', root), 'utf8')
const corpus = readdirSync(new URL('queries/', root))
  .filter((file) => file !== 'fragments.graphql')
  .map((file) => readFileSync(new URL(`queries/${file}`, root), 'utf8') + fragments)
  .concat([
    '{ chainIdentifier }',
    'query { a: epoch(id: 1) @include(if: true) { epochId } }',
    'query Q($f: [String!]! = ["a", """block "quoted" text"""], $o: EventFilter = {sender: "0x1"}) @dir(x: $f) { events(filter: $o, first: -1) { nodes { bcs } } }',
    '# comment\nquery Named { ... @skip(if: false) { chainIdentifier } ...F }\nfragment F on Query { serviceConfig { maxPageSize } }',
  ])

// Variables referenced in each operation, reached through its fragments, by graphql-js.
function referenceVariables(source: string) {
  const document = parse(source)
  const fragmentsByName = new Map<string, unknown>()
  for (const definition of document.definitions) {
    if (definition.kind === 'FragmentDefinition') fragmentsByName.set(definition.name.value, definition)
  }
  return document.definitions
    .filter((definition) => definition.kind === 'OperationDefinition')
    .map((operation) => {
      const used = new Set<string>()
      const seen = new Set<string>()
      const walk = (node: unknown) =>
        visit(node as Parameters<typeof visit>[0], {
          VariableDefinition: () => false,
          Variable: (variable) => void used.add(variable.name.value),
          FragmentSpread: (spread) => {
            const fragment = fragmentsByName.get(spread.name.value)
            if (fragment && !seen.has(spread.name.value)) {
              seen.add(spread.name.value)
              walk(fragment)
            }
          },
        })
      walk(operation)
      return {
        declared: (operation.variableDefinitions ?? []).map((d) => d.variable.name.value),
        used: [...used].sort(),
      }
    })
}

describe("analyzeDocument (@0no-co/graphql.web's AST, read by the checks) agrees with graphql-js", () => {
  for (const [index, source] of corpus.entries()) {
    it(`G5: document ${index}: the same operations, declared and used variables`, () => {
      const mine = analyzeDocument(source).operations.map((operation) => ({
        declared: operation.declared.map((declaration) => declaration.name),
        used: [...operation.used].sort(),
      }))
      expect(mine).toEqual(referenceVariables(source))
    })
  }

  it('rejects what graphql-js rejects with a clear INVALID_ARGUMENT', () => {
    for (const bad of ['query {', '{ }', 'query Q($x Int) { a }', 'fragment F Query { a }', '{ a(x: ) }', '{ a } }', '"str"']) {
      expect(() => parse(bad), bad).toThrow()
      expect(() => analyzeDocument(bad), bad).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }))
    }
  })

  it('P5: paged fields are named by their response path, aliases applied', () => {
    const [operation] = analyzeDocument(
      '{ e: epoch { txs: transactionBlocks(first: 1, last: 2) { nodes { digest } } } events(first: 3) { nodes { bcs } } }',
    ).operations
    expect(operation?.pagedFields.map((field) => field.path)).toEqual(['events', 'e.txs'])
  })

  it('marks non-null variables and defaults', () => {
    const [operation] = analyzeDocument('query Q($a: Int!, $b: [Int!]! = [1], $c: String = null) { x(a: $a, b: $b, c: $c) }').operations
    expect(operation?.declared).toEqual([
      { name: 'a', nonNull: true, hasDefault: false },
      { name: 'b', nonNull: true, hasDefault: true },
      { name: 'c', nonNull: false, hasDefault: true },
    ])
  })
})
