import type { GraphQLDocument } from './types.js'

/**
 * The text of a document when it is known without parsing: a string as is, a codegen typed
 * string by `toString`. A DocumentNode gives undefined: its text is printed by `printDocument`
 * (in the chunk of checks), since its source body may not hold every definition.
 */
export function documentText(document: GraphQLDocument<unknown, unknown>): string | undefined {
  if (typeof document === 'string') return document
  if ('kind' in document && document.kind === 'Document') return undefined
  return String(document)
}
