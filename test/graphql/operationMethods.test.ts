import { readdirSync, readFileSync } from 'node:fs'
import { Kind, parse } from 'graphql'
import { afterAll, describe, expect, it } from 'vitest'
import { ChainxClient } from '../../src/client.js'
import { AbortedError } from '../../src/errors/request.js'
import type { GraphQLDocument, GraphQLQueryClient, QueryOptions } from '../../src/graphql/createGraphQLClient.js'
import { createGraphQLMethods } from '../../src/graphql/createGraphQLMethods.js'
import { documentText } from '../../src/graphql/documentText.js'
import { type RunningMockNetwork } from '../../src/testing/index.js'
import { useMockNetwork } from '../helpers/mockNetworkFixture.js'

const queriesDir = new URL('../../queries/', import.meta.url)
const operationNames = readdirSync(queriesDir)
  .filter((file) => file.endsWith('.graphql'))
  .flatMap((file) => parse(readFileSync(new URL(file, queriesDir), 'utf8')).definitions)
  .flatMap((definition) => (definition.kind === Kind.OPERATION_DEFINITION && definition.name ? [definition.name.value] : []))

interface Call {
  text: string
  variables: unknown
  options: QueryOptions | undefined
}

/** A query client that records what each method sends. */
function recordingClient(calls: Call[]): GraphQLQueryClient {
  return {
    limits: async () => ({}),
    query: (async (document: GraphQLDocument<any, any>, variables?: unknown, options?: QueryOptions) => {
      calls.push({ text: documentText(document) ?? '', variables, options })
      return { data: {}, version: undefined }
    }) as GraphQLQueryClient['query'],
  }
}

describe('client.graphql methods generated from queries/', () => {
  it('finds the operations in queries/', () => {
    expect(operationNames.length).toBeGreaterThanOrEqual(6)
  })

  it.each(operationNames)('%s has a method that sends that operation with (variables, options)', async (name) => {
    const calls: Call[] = []
    const methods = createGraphQLMethods(recordingClient(calls)) as unknown as Record<string, unknown>
    const method = methods[name[0]!.toLowerCase() + name.slice(1)]
    expect(typeof method).toBe('function')
    const variables = { first: 1 }
    const options = { timeoutMs: 1_000 }
    await (method as (v: unknown, o: unknown) => Promise<unknown>)(variables, options)
    expect(calls).toHaveLength(1)
    expect(calls[0]!.text).toMatch(new RegExp(`\\bquery ${name}\\b`))
    expect(calls[0]!.variables).toEqual(variables)
    expect(calls[0]!.options).toBe(options)
  })

  it('sends {} when variables are left out', async () => {
    const calls: Call[] = []
    await createGraphQLMethods(recordingClient(calls)).epoch()
    expect(calls[0]!.variables).toEqual({})
  })

  it('takes the options second on an operation without variables too', async () => {
    const calls: Call[] = []
    const methods = createGraphQLMethods(recordingClient(calls))
    const options = { showUsage: true, timeoutMs: 500 }
    await methods.availableRange({}, options)
    expect(calls.map((call) => [call.variables, call.options])).toEqual([[{}, options]])
  })

  it('types variables as required only when the operation has a required variable', () => {
    const methods = createGraphQLMethods(recordingClient([]))
    // @ts-expect-error dynamicField has required variables
    void methods.dynamicField().catch(() => undefined)
    // @ts-expect-error an unknown variable
    void methods.epoch({ nope: 1 }).catch(() => undefined)
    void methods.epoch()
    void methods.serviceConfig({}, { timeoutMs: 1 })
  })
})

describe('generated methods over sockets', () => {
  let mock: RunningMockNetwork
  let client: ChainxClient
  useMockNetwork({ events: 20, seed: 5 }, async (started) => {
    mock = started
    client = new ChainxClient({ ...mock, retry: false })
  })
  afterAll(() => client.close())

  it('a signal in the options aborts', async () => {
    const signal = AbortSignal.abort()
    await expect(client.graphql.serviceConfig({}, { signal })).rejects.toBeInstanceOf(AbortedError)
    await expect(client.graphql.availableRange({}, { signal })).rejects.toBeInstanceOf(AbortedError)
    const { data } = await client.graphql.availableRange({}, { showUsage: false })
    expect(data.availableRange.last?.sequenceNumber).toBe(mock.network.ledger.latestCheckpoint.sequenceNumber)
  })
})
