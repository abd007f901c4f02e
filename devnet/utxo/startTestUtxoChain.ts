import { createHash } from 'node:crypto'
import { type BitcoinRpcClient, createBitcoinRpcClient } from './createBitcoinRpcClient'
import { createUtxoNode, type UtxoNode } from './createUtxoNode'
import { serveUtxoRpc } from './serveUtxoRpc'
import type { UtxoChainSpec } from './utxoChainSpecs'

/** A UTXO devnet node for a test: mined by the test alone, served over its RPC on a free port. */
export interface TestUtxoChain {
  node: UtxoNode
  rpc: BitcoinRpcClient
  /** Where its JSON-RPC answers (for clients of the server's own, such as the mempool watcher's). */
  url: string
  close: () => Promise<void>
  /** A key derived from `seed`, funded by the faucet with `sats` in one confirmed coin. */
  fundKey(
    seed: string,
    sats: number,
  ): Promise<{ key: InstanceType<UtxoChainSpec['lib']['PrivateKey']>; address: string }>
}

/**
 * Starts a node of `spec`'s chain that mines only when the test says so (`node.mineBlock()`) and its RPC on
 * a free local port, for tests of the liquidity network and the UTXO flows.
 */
export async function startTestUtxoChain(spec: UtxoChainSpec): Promise<TestUtxoChain> {
  const node = await createUtxoNode({ spec, blockIntervalMs: 3_600_000 })
  const server = await serveUtxoRpc(node, { host: '127.0.0.1', port: 0 })
  return {
    node,
    rpc: createBitcoinRpcClient({ url: server.url }),
    url: server.url,
    close: server.close,
    async fundKey(seed, sats) {
      const key = new spec.lib.PrivateKey(createHash('sha256').update(seed).digest('hex'), spec.network)
      const address = key.toAddress(spec.network, spec.addressType).toString()
      await node.fund(address, sats)
      await node.mineBlock()
      return { key, address }
    },
  }
}
