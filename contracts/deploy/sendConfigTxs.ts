import { type Abi, type Address, encodeFunctionData, type LocalAccount } from 'viem'
import { createTxPipeline } from './createTxPipeline'
import type { DevClient } from './devClient'

/** One configuration call: `functionName(args)` on `to`, encoded with the artifact's ABI. */
export interface ConfigCall {
  to: Address
  abi: Abi
  functionName: string
  args: readonly unknown[]
  value?: bigint
}

/** Who sends configuration calls: a dev client, its node's URL and the signing account. */
export interface ConfigSender {
  client: DevClient
  rpcUrl: string
  account: LocalAccount
}

/** Generous for every setter of the LayerZero and Stargate contracts; anvil charges only the gas used. */
const configCallGas = 1_500_000n

/**
 * Sends `calls` from `account` in order, pipelined (one nonce each, mined in as few blocks as fit), and
 * throws naming the first call that reverted. Used by the LayerZero and Stargate deployers, whose setters
 * do not depend on each other's return values. Only safe while nobody else sends from `account`.
 */
export async function sendConfigTxs(sender: ConfigSender, calls: readonly ConfigCall[]): Promise<void> {
  if (calls.length === 0) return
  const { client, rpcUrl, account } = sender
  const pipeline = createTxPipeline({
    rpcUrl,
    chainId: client.chain.id,
    account,
    startNonce: await client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
  })
  for (const call of calls) {
    pipeline.send({
      to: call.to,
      data: encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args }),
      gas: configCallGas,
      ...(call.value === undefined ? {} : { value: call.value }),
      label: `${call.functionName} on ${call.to}`,
    })
  }
  await pipeline.flush()
}
