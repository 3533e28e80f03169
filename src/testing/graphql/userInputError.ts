import { GraphQLError } from 'graphql'

/**
 * A resolver error the real service marks as a client fault: `extensions.code` BAD_USER_INPUT.
 * graphql-js adds `locations` and `path` when a resolver throws it.
 *
 * @example
 * throw userInputError("'first' and 'last' must not be used together")
 */
export function userInputError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } })
}
