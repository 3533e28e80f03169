import fc from 'fast-check'
import { parse } from 'graphql'
import { describe, expect, it } from 'vitest'
import { isChainxError } from '../../src/errors/index.js'
import { analyzeDocument } from '../../src/graphql/analyzeDocument.js'
import type { DocumentNodeLike } from '../../src/graphql/createGraphQLClient.js'
import { printDocument } from '../../src/graphql/printDocument.js'

const fragment = 'fragment F on Epoch { epochId }'
const query = 'query Q($id: UInt53) { epoch(id: $id) { ...F } }'

describe('printDocument: the text a DocumentNode is sent as', () => {
  it('G5: a parsed document whose body holds its definitions goes as its body, byte for byte', () => {
    const text = `# the user's own layout\n${query}\n${fragment}\n`
    expect(printDocument(parse(text))).toBe(text)
  })

  it('G5: composed fragments, noLocation parses and repeated fragments are printed, each fragment once', () => {
    const composed = {
      ...parse(query),
      definitions: [...parse(query).definitions, ...parse(fragment).definitions, ...parse(fragment).definitions],
    }
    const printed = printDocument(composed)
    expect(printed.split('fragment F on Epoch')).toHaveLength(2)
    expect(analyzeDocument(printed).operations[0]?.declared.map((variable) => variable.name)).toEqual(['id'])
    expect(printDocument(parse(`${query} ${fragment}`, { noLocation: true }))).toBe(printed.replace(/\n+$/, ''))
  })

  it('strings and typed strings are their own text', () => {
    expect(printDocument(query)).toBe(query)
    expect(printDocument({ toString: () => query, __apiType: undefined } as never)).toBe(query)
  })

  it('a DocumentNode without definitions, or one that does not print, is INVALID_ARGUMENT, never a TypeError', () => {
    fc.assert(
      fc.property(fc.anything(), (definitions) => {
        const document = {
          kind: 'Document',
          definitions: Array.isArray(definitions) ? definitions : [definitions],
        } as unknown as DocumentNodeLike
        try {
          analyzeDocument(printDocument(document))
        } catch (error) {
          expect(isChainxError(error, 'INVALID_ARGUMENT'), String(error)).toBe(true)
        }
      }),
      { numRuns: 500 },
    )
    expect(() => printDocument({ kind: 'Document', definitions: [] })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }))
  })
})
