// The chunk of WebSocket subscriptions (service-deprecated), loaded by the first `subscribe` of
// any resource: the one subscription machine (one socket for every subscription of a client)
// and each resource's item kind.
export { createSubscriptionMachine } from '../subscription/createSubscriptionMachine.js'
export { eventSubscriptionKind } from '../events/subscribe/eventSubscriptionKind.js'
export { transactionSubscriptionKind } from '../transactions/transactionSubscriptionKind.js'
