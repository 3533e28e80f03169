import type { GraphQLDocument } from './types.js'

/** The text of a document known without parsing (a string, a typed string); undefined for a DocumentNode. */
export function documentText(document: GraphQLDocument<unknown, unknown>): string | undefined {
  if (typeof document === 'string') return document
  if ('kind' in document && document.kind === 'Document') return undefined
  return String(document)
}
