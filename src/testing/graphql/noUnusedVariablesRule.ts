import { GraphQLError, type ASTVisitor, type ValidationContext } from 'graphql'

/**
 * graphql-js validation rule replacing NoUnusedVariablesRule with the real service's wording
 * (async-graphql): `Variable "$x" is not used by operation "Op"`, or `Variable "$x" is not used`
 * for an anonymous operation. No `extensions.code`, like every validation error of the service.
 *
 * @example
 * validate(schema, document, [...specifiedRules.filter((rule) => rule !== NoUnusedVariablesRule), noUnusedVariablesRule])
 */
export function noUnusedVariablesRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition: {
      leave(operation) {
        const used = new Set(context.getRecursiveVariableUsages(operation).map((usage) => usage.node.name.value))
        for (const definition of operation.variableDefinitions ?? []) {
          const name = definition.variable.name.value
          if (used.has(name)) continue
          const message = operation.name
            ? `Variable "$${name}" is not used by operation "${operation.name.value}"`
            : `Variable "$${name}" is not used`
          context.reportError(new GraphQLError(message, { nodes: definition }))
        }
      },
    },
  }
}
