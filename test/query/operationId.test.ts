import { parse } from '@0no-co/graphql.web'
import { describe, expect, it } from 'vitest'
import { operationId } from '../../src/query/operationId.js'

describe('operationId', () => {
  it('names a DocumentNode by its operation and definitions, whatever its source locations', () => {
    const text = 'query Latest { epoch { epochId } }'
    const withLocation = parse(text)
    const withoutLocation = parse(text, { noLocation: true })
    expect(operationId(withLocation)).toEqual({ name: 'Latest', hash: expect.stringMatching(/^[0-9a-f]{8}$/) })
    expect(operationId(withoutLocation)).toEqual(operationId(withLocation))
    expect(operationId(parse('query Latest { epoch { referenceGasPrice } }'))).not.toEqual(operationId(withLocation))
  })

  it('gives a string document and a typed string of the same text one id', () => {
    const text = 'query Epoch { epoch { epochId } }'
    const typedString = Object.assign(new String(text), { __apiType: undefined }) as unknown as string
    expect(operationId(typedString)).toEqual(operationId(text))
  })
})
