import {
  GraphQLError,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLUnionType,
  buildSchema,
  valueFromASTUntyped,
  type GraphQLSchema,
  type ValueNode,
} from 'graphql'
import { normalizeAddress } from '../ledger/moveAddress.js'
import { mockResolvers } from './mockResolvers.js'

const MAX_UINT53 = Number.MAX_SAFE_INTEGER

interface ScalarCodec {
  serialize(value: unknown): unknown
  parseValue(value: unknown): unknown
}

const scalarCodecs: Record<string, ScalarCodec> = {
  BigInt: {
    serialize: (value) => {
      if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'string') return String(value)
      throw new GraphQLError(`BigInt cannot represent ${String(value)}`)
    },
    parseValue: (value) => {
      if (typeof value !== 'string' || !/^-?\d+$/.test(value)) throw new GraphQLError('Not a number')
      return BigInt(value).toString()
    },
  },
  UInt53: {
    serialize: (value) => Number(value),
    parseValue: (value) => {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_UINT53) {
        throw new GraphQLError('Expected an unsigned integer that fits in 53 bits')
      }
      return value
    },
  },
  SuiAddress: {
    serialize: (value) => normalizeAddress(String(value)),
    parseValue: (value) => {
      try {
        return normalizeAddress(String(value))
      } catch {
        throw new GraphQLError(`Invalid SuiAddress. Expected a 0x-prefixed hex string of at most 64 digits`)
      }
    },
  },
  DateTime: {
    serialize: (value) => (typeof value === 'number' ? new Date(value).toISOString() : String(value)),
    parseValue: (value) => {
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw new GraphQLError('Invalid DateTime')
      return value
    },
  },
  Base64: {
    serialize: (value) => String(value),
    parseValue: (value) => {
      if (typeof value !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) throw new GraphQLError('Invalid Base64')
      return value
    },
  },
}

function applyScalar(type: GraphQLScalarType, codec: ScalarCodec): void {
  type.serialize = codec.serialize
  type.parseValue = codec.parseValue
  type.parseLiteral = (ast: ValueNode, variables?: { [key: string]: unknown } | null) =>
    codec.parseValue(valueFromASTUntyped(ast, variables ?? undefined))
}

let cached: { source: string; schema: GraphQLSchema } | undefined

/**
 * Builds the executable mock schema from SDL: the project's schema.graphql plus the scalar
 * codecs (BigInt as string, UInt53 number, SuiAddress 0x+64 hex, DateTime ISO with ms) and
 * the ledger resolvers. The schema is stateless (resolvers read the request context), so
 * one instance is shared and cached per SDL text.
 *
 * @example
 * const schema = createMockSchema(loadSchemaSource())
 */
export function createMockSchema(source: string): GraphQLSchema {
  if (cached?.source === source) return cached.schema
  const schema = buildSchema(source)
  for (const [name, codec] of Object.entries(scalarCodecs)) {
    const type = schema.getType(name)
    if (type instanceof GraphQLScalarType) applyScalar(type, codec)
  }
  for (const [typeName, fields] of Object.entries(mockResolvers)) {
    const type = schema.getType(typeName)
    if (!(type instanceof GraphQLObjectType)) continue
    const typeFields = type.getFields()
    for (const [fieldName, resolve] of Object.entries(fields)) {
      const field = typeFields[fieldName]
      if (field) field.resolve = resolve
    }
  }
  const union = schema.getType('DynamicFieldValue')
  if (union instanceof GraphQLUnionType) {
    union.resolveType = (value: unknown) => (value && typeof value === 'object' && 'object' in value ? 'MoveObject' : 'MoveValue')
  }
  cached = { source, schema }
  return schema
}
