// The chunk of the JSON-RPC resources, loaded by the first read or `subscribe`: the JSON-RPC
// caller, the subscription machine, and each resource's page reader and item kind. One chunk:
// the reads alone are under the 2 kB a chunk must be worth, and share decoders with subscriptions.
export { createJsonRpcCaller } from '../jsonRpc/createJsonRpcCaller.js'
export { walkPages } from '../pagination/walkPages.js'
export { readEventPage } from '../events/eventSchemas.js'
export { readTransactionPage } from '../transactions/transactionSchemas.js'
export { createSubscriptionMachine } from '../subscription/createSubscriptionMachine.js'
export { eventSubscriptionKind } from '../events/subscribe/eventSubscriptionKind.js'
export { transactionSubscriptionKind } from '../transactions/transactionSubscriptionKind.js'
