import { parse, print } from '@0no-co/graphql.web'
import { InvalidArgumentError } from '../errors/request.js'
import { isRecord } from '../utils/isRecord.js'
import type { DocumentNodeLike, GraphQLDocument } from './types.js'
import { documentText } from './documentText.js'

type Definition = DocumentNodeLike['definitions'][number]

/** The text sent for each DocumentNode, by node: it is worked out once. */
const printed = new WeakMap<object, string>()

/**
 * The text sent for a document: a string as is; for a parsed document, all its definitions, each
 * fragment once: its source body when that holds exactly those definitions, else printed from the
 * AST (gql.tada's composed fragments, codegen's AST documents). An AST that does not print is `INVALID_ARGUMENT`.
 */
export function printDocument(document: GraphQLDocument<unknown, unknown>): string {
  const known = documentText(document)
  if (known !== undefined) return known
  const node = document as DocumentNodeLike
  let text = printed.get(node)
  if (text === undefined) {
    text = textOf(node)
    printed.set(node, text)
  }
  return text
}

function textOf(document: DocumentNodeLike): string {
  const { definitions } = document
  if (!Array.isArray(definitions) || definitions.length === 0 || definitions.some((definition) => !isRecord(definition))) {
    throw new InvalidArgumentError('A DocumentNode needs its definitions: pass a parsed document or a string')
  }
  const keys = definitions.map(keyOf)
  const once = definitions.filter((definition, index) => definition.kind !== 'FragmentDefinition' || keys.indexOf(keys[index]!) === index)
  const body: unknown = document.loc?.source?.body
  if (typeof body === 'string' && sameDefinitions(body, once)) return body
  try {
    return print({ kind: 'Document', definitions: once } as unknown as Parameters<typeof print>[0])
  } catch (cause) {
    throw new InvalidArgumentError('The DocumentNode could not be printed: pass a parsed document or a string', { cause })
  }
}

function keyOf(definition: Definition): string {
  return `${definition.kind} ${(definition as { name?: { value?: string } }).name?.value ?? ''}`
}

// Whether the body parses to the same definitions, in the same order, by kind and name.
function sameDefinitions(body: string, definitions: readonly Definition[]): boolean {
  try {
    const parsed = parse(body, { noLocation: true }).definitions
    return parsed.length === definitions.length && parsed.every((definition, index) => keyOf(definition) === keyOf(definitions[index]!))
  } catch {
    return false
  }
}
