import {
  GraphQLError,
  Kind,
  NoUnusedVariablesRule,
  ValuesOfCorrectTypeRule,
  execute,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql'
import type { Ledger } from '../ledger/Ledger.js'
import type { MovePackages } from '../ledger/MovePackages.js'
import { createMockSchema } from './createMockSchema.js'
import type { MockServiceLimits } from './mockServiceLimits.js'
import type { MockGraphQLContext } from './mockResolvers.js'
import { argumentValueRule } from './argumentValueRule.js'
import { noUnusedVariablesRule } from './noUnusedVariablesRule.js'
import { checkDirectives, countInputNodes, estimateOutputNodes, type FragmentMap } from './queryLimits.js'
import type { Usage } from '../../utils/usage.js'

/** The JSON body of a GraphQL request. */
export interface GraphQLRequestBody {
  query: string
  variables?: Record<string, unknown> | null
  operationName?: string | null
}

/** The usage extension (spec 2.4): what the request cost. */
export type QueryUsage = Usage

/** A GraphQL response body, keys in the service's order: data, extensions, errors. */
export interface GraphQLResponseBody {
  data: Record<string, unknown> | null
  extensions?: { usage: QueryUsage }
  errors?: ReturnType<GraphQLError['toJSON']>[]
}

interface CachedDocument {
  document?: DocumentNode
  syntaxError?: GraphQLError
  fragments: FragmentMap
  operations: OperationDefinitionNode[]
  validationErrors?: readonly GraphQLError[]
  inputCounts: Map<OperationDefinitionNode, { inputNodes: number; depth: number } | GraphQLError>
}

const MAX_CACHED_DOCUMENTS = 1_000
const rules = [
  ...specifiedRules.filter((rule) => rule !== NoUnusedVariablesRule && rule !== ValuesOfCorrectTypeRule),
  noUnusedVariablesRule,
  argumentValueRule,
]

/**
 * Byte length of a string in UTF-8 (what Content-Length counts).
 *
 * @example
 * utf8Length('é') // 2
 */
export function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4
      i++
    } else bytes += 3
  }
  return bytes
}

/**
 * Executes GraphQL requests against a ledger like the real service: payload, depth, node and
 * output-node limits (with the real wording, before validation), the unused-variable rule,
 * consistent reads at the latest checkpoint, and the usage extension. Each distinct query
 * text is parsed, validated and measured once.
 *
 * @example
 * const service = new MockGraphQLService({ ledger, packages, limits, schemaSource })
 * service.execute({ query: '{ chainIdentifier }' }, { bodyBytes: 30, showUsage: true })
 */
export class MockGraphQLService {
  readonly schema: GraphQLSchema
  readonly #documents = new Map<string, CachedDocument>()
  readonly #ledger: Ledger
  readonly #packages: MovePackages
  readonly #limits: MockServiceLimits

  constructor(options: { ledger: Ledger; packages: MovePackages; limits: MockServiceLimits; schemaSource: string }) {
    this.schema = createMockSchema(options.schemaSource)
    this.#ledger = options.ledger
    this.#packages = options.packages
    this.#limits = options.limits
  }

  /** Runs one request; `bodyBytes` is the HTTP body size (Content-Length). */
  execute(request: GraphQLRequestBody, options: { bodyBytes: number; showUsage: boolean }): GraphQLResponseBody {
    const limits = this.#limits
    const payloadRule = `Requests are limited to ${limits.maxTransactionPayloadSize} bytes or fewer on transaction payloads (all inputs to executeTransactionBlock or dryRunTransactionBlock) and the rest of the request (the query part) must be ${limits.maxQueryPayloadSize} bytes or fewer.`
    if (options.bodyBytes > limits.maxQueryPayloadSize + limits.maxTransactionPayloadSize) {
      return failure(limitError(`Overall request too large: ${options.bodyBytes} bytes. ${payloadRule}`))
    }
    const cached = this.#document(request.query)
    if (cached.syntaxError || !cached.document) return failure(cached.syntaxError ?? new GraphQLError('Empty document'))
    if (options.bodyBytes > limits.maxQueryPayloadSize) {
      return failure(limitError(`Query part too large: ${options.bodyBytes} bytes. ${payloadRule}`))
    }
    const variables = request.variables ?? {}
    const operation = selectOperation(cached.operations, request.operationName ?? undefined)
    let usage: QueryUsage | undefined
    if (operation) {
      let counts = cached.inputCounts.get(operation)
      if (!counts) {
        try {
          counts = countInputNodes(operation, cached.fragments, limits)
        } catch (error) {
          counts = error as GraphQLError
        }
        cached.inputCounts.set(operation, counts)
      }
      if (counts instanceof GraphQLError) return failure(counts)
      let outputNodes: number
      try {
        outputNodes = estimateOutputNodes(operation, cached.fragments, variables, limits)
        checkDirectives(operation, cached.fragments)
      } catch (error) {
        return failure(error as GraphQLError)
      }
      usage = {
        inputNodes: counts.inputNodes,
        outputNodes,
        depth: counts.depth,
        variables: Object.keys(variables).length,
        fragments: cached.fragments.size,
        queryPayload: utf8Length(request.query),
      }
    }
    const extensions = options.showUsage && usage ? { usage } : undefined
    cached.validationErrors ??= validate(this.schema, cached.document, rules)
    if (cached.validationErrors.length > 0) return respond(null, extensions, cached.validationErrors)
    const contextValue: MockGraphQLContext = {
      ledger: this.#ledger,
      packages: this.#packages,
      limits,
      watermark: this.#ledger.latestCheckpoint.sequenceNumber,
    }
    const result = execute({
      schema: this.schema,
      document: cached.document,
      rootValue: {},
      contextValue,
      variableValues: variables,
      operationName: request.operationName ?? undefined,
    }) as ExecutionResult
    return respond((result.data as Record<string, unknown> | null | undefined) ?? null, extensions, result.errors)
  }

  #document(query: string): CachedDocument {
    const hit = this.#documents.get(query)
    if (hit) return hit
    let entry: CachedDocument
    try {
      const document = parse(query)
      const fragments = new Map<string, FragmentDefinitionNode>()
      const operations: OperationDefinitionNode[] = []
      for (const definition of document.definitions) {
        if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
        else if (definition.kind === Kind.OPERATION_DEFINITION) operations.push(definition)
      }
      entry = { document, fragments, operations, inputCounts: new Map() }
    } catch (error) {
      entry = { syntaxError: error as GraphQLError, fragments: new Map(), operations: [], inputCounts: new Map() }
    }
    if (this.#documents.size >= MAX_CACHED_DOCUMENTS) this.#documents.clear()
    this.#documents.set(query, entry)
    return entry
  }
}

function selectOperation(operations: OperationDefinitionNode[], name: string | undefined): OperationDefinitionNode | undefined {
  if (name === undefined) return operations.length === 1 ? operations[0] : undefined
  return operations.find((operation) => operation.name?.value === name)
}

function limitError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } })
}

function failure(error: GraphQLError): GraphQLResponseBody {
  return respond(null, undefined, [error])
}

function respond(
  data: Record<string, unknown> | null,
  extensions: { usage: QueryUsage } | undefined,
  errors: readonly GraphQLError[] | undefined,
): GraphQLResponseBody {
  const body: GraphQLResponseBody = { data }
  if (extensions) body.extensions = extensions
  if (errors && errors.length > 0) body.errors = errors.map((error) => error.toJSON())
  return body
}
