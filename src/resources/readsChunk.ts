// The chunk of JSON-RPC reads, loaded by the first read of any resource (an app that reads only
// GraphQL never loads it): the JSON-RPC caller and each resource's page reader.
export { createJsonRpcCaller } from '../jsonRpc/createJsonRpcCaller.js'
export { readEventPage } from '../events/readEventPage.js'
export { readTransactionPage } from '../transactions/readTransactionPage.js'
