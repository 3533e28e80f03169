/**
 * The usage extension of a response (spec 2.4, 4.1 rule 3) with `showUsage`: the request as the service counted it.
 *
 * @example
 * const { usage } = await client.graphql.epoch({}, { showUsage: true })
 * console.log(usage?.inputNodes, usage?.outputNodes)
 */
export interface Usage {
  inputNodes: number
  outputNodes: number
  depth: number
  variables: number
  fragments: number
  queryPayload: number
}
