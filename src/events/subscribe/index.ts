export {
  createSubscriptionClient,
  type BackfillOptions,
  type SubscriptionClient,
  type SubscriptionClientOptions,
} from './createSubscriptionClient.js'
export type { ReconnectOptions } from '../../subscription/createSocketKeeper.js'
export { matchSubscriptionFilter } from './matchSubscriptionFilter.js'
export { planBackfill, type BackfillPlan } from './planBackfill.js'
export { subscriptionFilter, type MillisInput } from './subscriptionFilter.js'
export type { SubscribeParameters, SubscriptionStateChange, Unsubscribe } from './types.js'
export type { WebSocketConstructor, WebSocketLike } from '../../jsonRpc/webSocketTypes.js'
export { validateSubscriptionFilter } from './validateSubscriptionFilter.js'
