import { InvalidArgumentError } from '../errors/request.js'
import type { GraphQLDocument } from './createGraphQLClient.js'

/**
 * The source text of a document: a string as is, a codegen typed string by `toString`,
 * a parsed DocumentNode from its location (parse keeps it unless told not to).
 *
 * @example
 * documentText(EventsDocument).startsWith('query Events') // true
 */
export function documentText(document: GraphQLDocument<unknown, unknown>): string {
  if (typeof document === 'string') return document
  if ('kind' in document && document.kind === 'Document') {
    const body = document.loc?.source.body
    if (body === undefined) throw new InvalidArgumentError('DocumentNode has no source text; parse it with locations or pass a string')
    return body
  }
  return String(document)
}
