/**
 * What the GraphQL client needs only once it sends: the parsing, analysis and printing of
 * documents (`@0no-co/graphql.web`), the checks before sending, the reading of responses (the
 * service's errors mapped to typed errors) and of a walk's pages. One chunk, loaded by
 * `queryChecks` (createGraphQLClient.ts), so that a browser's first load does not carry it.
 */
export { analyzeDocument, omittedAsNull, selectOperation } from './analyzeDocument.js'
export { checkPagingDocument, checkQuery } from './checkQuery.js'
export { printDocument } from './printDocument.js'
export { readGraphQLResponse } from './readGraphQLResponse.js'
export { readServiceLimits } from './responseSchemas.js'
export { utf8Length } from '../utils/utf8Length.js'
export { findConnection, readConnection } from './readConnection.js'
export { walkPages } from '../pagination/walkPages.js'
