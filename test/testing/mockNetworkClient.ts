import { bcs } from '@mysten/bcs'
import { moveAddress, type RunningMockNetwork } from '../../src/testing/index.js'

/** A raw HTTP answer: status, headers and parsed JSON (or text). */
export interface RawAnswer {
  status: number
  headers: Headers
  text: string
  json: any
}

/** POSTs a GraphQL request with raw fetch (no SDK), bounded by a timeout. */
export async function postGraphql(
  url: string,
  query: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  return postRaw(url, JSON.stringify(variables === undefined ? { query } : { query, variables }), headers)
}

/** POSTs a raw body, bounded by a timeout; never keeps the connection alive (restart tests drop sockets). */
export async function postRaw(url: string, body: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close', ...headers },
    body,
    signal: AbortSignal.timeout(10_000),
  })
  const text = await response.text()
  let json: any
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}

export const SENDER_A = '0x00000000000000000000000000000000000000000000000000000000000a11ce'
export const SENDER_B = '0x0000000000000000000000000000000000000000000000000000000000000b0b'

/** Publishes a `counter` module with a `Bumped { value: u64, who: address }` event and a generic `Wrapped<T>`. */
export function publishCounter(mock: RunningMockNetwork) {
  return mock.network.publish({
    package: '0xc0ffee',
    module: 'counter',
    events: {
      Bumped: { value: bcs.u64(), who: moveAddress },
      Wrapped: { typeParameters: 1, fields: { amount: bcs.u128() } },
    },
  })
}

/** Emits `count` Bumped events, one transaction (and checkpoint) each, values from `start`. */
export function bump(mock: RunningMockNetwork, count: number, start = 0, sender = SENDER_A) {
  const results = []
  for (let i = 0; i < count; i++) {
    results.push(
      mock.network.execute({
        sender,
        module: 'counter',
        function: 'bump',
        emit: [{ struct: 'Bumped', fields: { value: BigInt(start + i), who: sender } }],
      }),
    )
  }
  return results
}

export const EVENTS_QUERY = `query Events($first: Int, $after: String, $last: Int, $before: String, $filter: EventFilter) {
  events(first: $first, after: $after, last: $last, before: $before, filter: $filter) {
    pageInfo { hasPreviousPage hasNextPage startCursor endCursor }
    edges { cursor node { json } }
    nodes { json }
  }
}`

/** Values (`json.value`) of the nodes of an Events answer. */
export function values(answer: RawAnswer): string[] {
  return answer.json.data.events.nodes.map((node: { json: { value: string } }) => node.json.value)
}
