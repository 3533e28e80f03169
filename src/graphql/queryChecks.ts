/**
 * What the GraphQL client needs only once it sends: the parsing and analysis of documents
 * (`@0no-co/graphql.web`), the printing of DocumentNodes, the checks before sending, the
 * reading of responses with the mapping of the service's errors to typed errors, and the
 * reading of a walk's pages. One chunk, loaded by `loadQueryChecks`, so that a browser's
 * first load does not carry it.
 *
 * @example
 * const { checkQuery, readGraphQLResponse } = await loadQueryChecks()
 */
export { analyzeDocument } from './analyzeDocument.js'
export { checkPagingDocument } from './checkPagingDocument.js'
export { checkQuery } from './checkQuery.js'
export { mapGraphQLErrors } from './mapGraphQLErrors.js'
export { omittedAsNull } from './omittedAsNull.js'
export { printDocument } from './printDocument.js'
export { readGraphQLResponse } from './readGraphQLResponse.js'
export { readServiceLimits } from './readServiceLimits.js'
export { selectOperation } from './selectOperation.js'
export { utf8Length } from '../utils/utf8Length.js'
export { findConnection } from './findConnection.js'
export { readConnection } from './readConnection.js'
export { walkPages } from '../pagination/walkPages.js'
