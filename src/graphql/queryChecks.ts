// What the GraphQL client needs only once it sends: a chunk of its own (`queryChecks`), out of a browser's first load.
export { analyzeDocument, omittedAsNull, selectOperation } from './analyzeDocument.js'
export { checkPagingDocument, checkQuery } from './checkQuery.js'
export { printDocument } from './printDocument.js'
export { readGraphQLResponse } from './readGraphQLResponse.js'
export { readServiceLimits } from './responseSchemas.js'
export { utf8Length } from '../utils/utf8Length.js'
export { findConnection, readConnection } from './readConnection.js'
export { walkPages } from '../pagination/walkPages.js'
