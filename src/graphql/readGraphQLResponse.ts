import { InvalidResponseError } from '../errors/request.js'
import { decodeJsonResponse } from '../transport/decodeJsonResponse.js'
import type { HttpResponse } from '../transport/types.js'
import { decodeOr, matches, type Decoder } from '../utils/decode.js'
import { parseServiceVersion, type ServiceVersion } from '../utils/serviceVersion.js'
import type { QueryResult } from './types.js'
import { AvailableRangeDocument, ServiceConfigDocument } from './generated/operations.js'
import { mapGraphQLErrors } from './mapGraphQLErrors.js'
import { availableRangeDataDecoder, graphQLEnvelopeDecoder, serviceConfigDataDecoder } from './responseSchemas.js'

// The results the SDK itself reads are checked before use, whoever asked for them.
const dataDecoders = new Map<string, Decoder<unknown>>([
  [String(ServiceConfigDocument), serviceConfigDataDecoder],
  [String(AvailableRangeDocument), availableRangeDataDecoder],
])

/** Reads a GraphQL response: the envelope checked, the service's errors typed (partial `data` kept). */
export function readGraphQLResponse(response: HttpResponse, url: string, text: string): QueryResult<unknown> {
  const version = parseServiceVersion(response.headers['x-chain-rpc-version'])
  const json = decodeJsonResponse(response, {
    url,
    version,
    isProtocolBody: (body) => 'data' in body || 'errors' in body,
    readErrorBody: (body) => {
      // The version check answers 400/421 with a GraphQL body: keep its errors as the cause.
      if (!matches(graphQLEnvelopeDecoder, body)) return undefined
      const { data, errors } = graphQLEnvelopeDecoder(body)
      return errors && errors.length > 0 ? mapGraphQLErrors(errors, data ?? null, version) : undefined
    },
  })
  const { data, errors, extensions } = decodeOr(graphQLEnvelopeDecoder, json, (failure) =>
    invalid(response, version, `not a GraphQL response: ${failure.describe('')}`, failure),
  )
  const usage = extensions?.usage
  if (errors && errors.length > 0) throw mapGraphQLErrors(errors, data ?? null, version, usage)
  if (data === undefined || data === null) throw invalid(response, version, 'no data')
  const dataDecoder = dataDecoders.get(text)
  if (dataDecoder) decodeOr(dataDecoder, data, (failure) => invalid(response, version, failure.describe('data'), failure))
  return { data, usage, version }
}

function invalid(response: HttpResponse, version: ServiceVersion | undefined, reason: string, cause?: unknown): InvalidResponseError {
  return new InvalidResponseError({ status: response.status, body: response.body, reason, version, cause })
}
