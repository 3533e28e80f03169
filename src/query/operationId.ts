import type { GraphQLDocument } from '../graphql/createGraphQLClient.js'
import { documentText } from '../graphql/documentText.js'

const cache = new WeakMap<object, OperationId>()

/** How a key names a GraphQL document: its operation's name and a hash of its text. */
export interface OperationId {
  /** The first operation's name, `'anonymous'` without one. */
  name: string
  /** 32-bit FNV-1a of the document's text, 8 hex digits. */
  hash: string
}

/** What a key reads of a DocumentNode. */
interface DocumentAst {
  definitions: readonly { kind: string; name?: { value: string } }[]
}

/**
 * Names a GraphQL document in a query key: its first operation's name and a 32-bit FNV-1a hash of
 * its text (a DocumentNode's definitions without locations), so documents sharing a name get
 * different keys, and a generated method and `q.query` over its document share one.
 */
export function operationId(document: GraphQLDocument<any, any>): OperationId {
  const cached = typeof document === 'object' ? cache.get(document) : undefined
  if (cached) return cached
  const known = documentText(document)
  const ast = document as unknown as DocumentAst
  const text = known ?? astText(ast)
  const name =
    (known === undefined
      ? ast.definitions.find((definition) => definition.kind === 'OperationDefinition')?.name?.value
      : /\b(?:query|subscription|mutation)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(known)?.[1]) ?? 'anonymous'
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  const id = { name, hash: (hash >>> 0).toString(16).padStart(8, '0') }
  if (typeof document === 'object') cache.set(document, id)
  return id
}

/** A DocumentNode's definitions without their locations: the same for the same AST, whatever its source. */
function astText(document: DocumentAst): string {
  return JSON.stringify(document.definitions, (key, value: unknown) => (key === 'loc' ? undefined : value))
}
