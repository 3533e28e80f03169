// graphql-codegen plugin: one method on `client.graphql` per operation in queries/*.graphql.
// Each method is named for its operation (lower camel case), takes `(variables?, options?)`
// typed by QueryArguments (variables required when the operation has a required variable),
// and carries the comment above the operation in its .graphql file as its JSDoc.
'use strict'

const RESERVED = new Set(['query', 'limits'])

/** The `#` comment lines right above `offset` in `body`, without the `#`. */
function leadingComment(body, offset) {
  const lines = body.slice(0, offset).split('\n')
  lines.pop() // the text before the operation on its own line
  const comment = []
  while (lines.length > 0 && /^\s*#/.test(lines[lines.length - 1])) {
    comment.unshift(
      lines
        .pop()
        .replace(/^\s*#\s?/, '')
        .trimEnd(),
    )
  }
  return comment
}

function isRequired(variable) {
  return variable.type.kind === 'NonNullType' && variable.defaultValue === undefined
}

function collectOperations(documents) {
  const operations = []
  for (const file of documents) {
    for (const definition of file.document?.definitions ?? []) {
      if (definition.kind !== 'OperationDefinition') continue
      if (definition.operation !== 'query') throw new Error(`${file.location}: only queries become methods`)
      if (!definition.name) throw new Error(`${file.location}: an operation needs a name to become a method`)
      const typeName = definition.name.value
      const method = typeName[0].toLowerCase() + typeName.slice(1)
      if (RESERVED.has(method)) throw new Error(`${file.location}: operation ${typeName} would hide client.graphql.${method}`)
      const body = definition.loc?.source.body ?? file.rawSDL ?? ''
      const variables = definition.variableDefinitions ?? []
      operations.push({
        typeName,
        method,
        comment: leadingComment(body, definition.loc?.start ?? 0),
        takesVariables: variables.length > 0,
        requiresVariables: variables.some(isRequired),
      })
    }
  }
  operations.sort((a, b) => (a.method < b.method ? -1 : a.method > b.method ? 1 : 0))
  for (let i = 1; i < operations.length; i++) {
    if (operations[i].method === operations[i - 1].method) throw new Error(`two operations named ${operations[i].typeName}`)
  }
  return operations
}

function methodDeclaration(op) {
  const call = op.requiresVariables ? `${op.method}(variables)` : `${op.method}()`
  const doc = op.comment.length > 0 ? [...op.comment] : [`Runs the ${op.typeName} operation.`]
  // The comment in the .graphql file may bring its own example.
  if (!doc.some((line) => line.startsWith('@example'))) doc.push('@example', `const { data } = await client.graphql.${call}`)
  const lines = ['  /**', ...doc.map((line) => (line ? `   * ${line}` : '   *')), '   */']
  const result = `Promise<QueryResult<${op.typeName}Query>>`
  lines.push(`  ${op.method}(...args: QueryArguments<${op.typeName}QueryVariables>): ${result}`)
  return lines.join('\n')
}

module.exports = {
  plugin(_schema, documents) {
    const operations = collectOperations(documents)
    const imports = operations.flatMap((op) => [`${op.typeName}Document`])
    const typeImports = operations.flatMap((op) => [`${op.typeName}Query`, `${op.typeName}QueryVariables`])
    return [
      `import type { QueryArguments, QueryResult } from '../createGraphQLClient.js'`,
      `import { ${imports.join(', ')} } from './operations.js'`,
      `import type { ${typeImports.join(', ')} } from './operations.js'`,
      '',
      '/**',
      ' * One method per operation in queries/*.graphql: `(variables?, options?)`, variables',
      ' * required when the operation has a required variable.',
      ' *',
      ' * @example',
      ' * const methods: OperationMethods = client.graphql',
      ' */',
      'export interface OperationMethods {',
      operations.map(methodDeclaration).join('\n'),
      '}',
      '',
      '/**',
      " * Each operation's document by method name, and whether it declares variables.",
      ' *',
      ' * @example',
      ' * const { document } = operations.epoch',
      ' */',
      'export const operations = {',
      ...operations.map((op) => `  ${op.method}: { document: ${op.typeName}Document, takesVariables: ${op.takesVariables} },`),
      '} as const',
      '',
    ].join('\n')
  },
}
