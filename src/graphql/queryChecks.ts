// What the GraphQL client needs only once it sends: one chunk, loaded by `queryChecks`
// (createGraphQLClient.ts), so that a browser's first load does not carry it.
export { analyzeDocument, omittedAsNull, selectOperation } from './analyzeDocument.js'
export { checkPagingDocument, checkQuery } from './checkQuery.js'
export { printDocument } from './printDocument.js'
export { readGraphQLResponse } from './readGraphQLResponse.js'
export { readServiceLimits } from './responseSchemas.js'
export { utf8Length } from '../utils/utf8Length.js'
export { findConnection, readConnection } from './readConnection.js'
