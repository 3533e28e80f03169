import { GraphQLError, ValuesOfCorrectTypeRule, visitInParallel, type ArgumentNode, type ASTVisitor, type ValidationContext } from 'graphql'

/**
 * graphql-js validation rule replacing ValuesOfCorrectTypeRule with the real service's wording
 * (async-graphql) where a field argument's literal is of the wrong type: `Invalid value for
 * argument "first", expected type "Int"` (e.g. `first: 36893488147419103000`, not a 32-bit
 * Int). Other value errors keep graphql-js's wording. No `extensions.code`.
 *
 * @example
 * validate(schema, document, [...specifiedRules.filter((rule) => rule !== ValuesOfCorrectTypeRule), argumentValueRule])
 */
export function argumentValueRule(context: ValidationContext): ASTVisitor {
  let argument: ArgumentNode | undefined
  const rewording = Object.create(context, {
    reportError: {
      value: (error: GraphQLError) => {
        const definition = context.getArgument()
        if (argument && definition && error.nodes?.[0] === argument.value) {
          const message = `Invalid value for argument "${argument.name.value}", expected type "${String(definition.type)}"`
          context.reportError(new GraphQLError(message, { nodes: argument.value }))
        } else context.reportError(error)
      },
    },
  }) as ValidationContext
  return visitInParallel([
    {
      Argument: {
        enter: (node) => {
          argument = node
        },
        leave: () => {
          argument = undefined
        },
      },
    },
    ValuesOfCorrectTypeRule(rewording),
  ])
}
