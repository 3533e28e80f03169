/**
 * What the GraphQL client needs only once it sends: the checks before sending and the mapping
 * of the service's errors to typed errors. One chunk, loaded by `loadQueryChecks`, so that a
 * browser's first load does not carry it.
 *
 * @example
 * const { checkQuery, mapGraphQLErrors } = await loadQueryChecks()
 */
export { checkQuery } from './checkQuery.js'
export { mapGraphQLErrors } from './mapGraphQLErrors.js'
