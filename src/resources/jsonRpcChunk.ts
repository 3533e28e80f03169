// The chunk of the JSON-RPC resources, loaded by the first read or `subscribe` of any resource
// (an app that reads only GraphQL never loads it): the JSON-RPC caller and each resource's page
// reader, and the one subscription machine (one socket for every subscription of a client) with
// each resource's item kind. One chunk, not two: the reads alone are under the 2 kB a chunk must
// be worth, and they share the decoders with the subscriptions (issue 29: at most five chunks).
export { createJsonRpcCaller } from '../jsonRpc/createJsonRpcCaller.js'
export { walkPages } from '../pagination/walkPages.js'
export { readEventPage } from '../events/readEventPage.js'
export { readTransactionPage } from '../transactions/readTransactionPage.js'
export { createSubscriptionMachine } from '../subscription/createSubscriptionMachine.js'
export { eventSubscriptionKind } from '../events/subscribe/eventSubscriptionKind.js'
export { transactionSubscriptionKind } from '../transactions/transactionSubscriptionKind.js'
