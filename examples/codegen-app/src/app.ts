// The app's own documents, generated from queries/*.graphql (npm run codegen), used with the
// client: result and variables typed by the TypedDocumentNode each operation becomes.
import { ChainxClient } from 'chainx-sdk'
import { CheckpointDocument, SentBlocksDocument, type BlockFieldsFragment } from './generated/graphql.js'

/** The latest checkpoint's sequence number and its epoch's gas price. */
export async function latestCheckpoint(client: ChainxClient): Promise<{ sequenceNumber: number; gasPrice: string | null } | null> {
  const { data } = await client.graphql.query(CheckpointDocument)
  if (!data.checkpoint) return null
  return { sequenceNumber: data.checkpoint.sequenceNumber, gasPrice: data.checkpoint.epoch?.referenceGasPrice ?? null }
}

/** Every block an address sent, oldest first, at most `maxItems`. */
export async function sentBlocks(client: ChainxClient, sender: string, maxItems: number): Promise<BlockFieldsFragment[]> {
  const blocks: BlockFieldsFragment[] = []
  for await (const block of client.paginate(SentBlocksDocument, { sender }, { pageSize: 50, maxItems })) {
    const status: 'SUCCESS' | 'FAILURE' | null | undefined = block.effects?.status
    if (status !== 'FAILURE') blocks.push(block)
  }
  return blocks
}

export function newClient(graphqlUrl: string): ChainxClient {
  return new ChainxClient({ graphqlUrl })
}
