/**
 * What the GraphQL client needs only once it sends: the checks before sending, the reading
 * of responses with the mapping of the service's errors to typed errors, and the reading of
 * a walk's pages. One chunk, loaded by `loadQueryChecks`, so that a browser's first load
 * does not carry it.
 *
 * @example
 * const { checkQuery, readGraphQLResponse } = await loadQueryChecks()
 */
export { checkQuery } from './checkQuery.js'
export { mapGraphQLErrors } from './mapGraphQLErrors.js'
export { readGraphQLResponse } from './readGraphQLResponse.js'
export { readServiceLimits } from './readServiceLimits.js'
export { utf8Length } from '../utils/utf8Length.js'
export { findConnection } from './findConnection.js'
export { readConnection } from './readConnection.js'
