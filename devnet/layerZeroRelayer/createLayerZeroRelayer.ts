import {
  type Address,
  encodeFunctionData,
  encodePacked,
  type Hash,
  type Hex,
  isAddressEqual,
  keccak256,
  type LocalAccount,
  type PublicClient,
  zeroHash,
} from 'viem'
import { createDevClient } from '../../contracts/deploy/devClient'
import { sendContractTx } from '../../contracts/deploy/sendContractTx'
import type { ChainDeployment, LayerZeroDeployment } from '../../server/chains/deployment'
import { createPassRunner } from '../createPassRunner'
import type { StateFile } from '../createStateFile'
import { hashAtCursor } from '../hashAtCursor'
import { decodePacket } from './decodePacket'
import { layerZeroRelayerAbis as abis } from './layerZeroRelayerAbis'
import { parseExecutorOptions } from './parseExecutorOptions'
import { getRelayerAccount } from './relayerAccount'

/** Where a packet stands on its destination, as read from the chain. */
export type PacketStage = 'sent' | 'verified' | 'committed' | 'delivered'

/** A packet the relayer follows from its PacketSent until it is delivered. */
export interface RelayedPacket {
  guid: Hex
  srcChainId: number
  dstChainId: number
  /** Block of the PacketSent on the source chain. */
  blockNumber: number
  encodedPayload: Hex
  options: Hex
  /** When the relayer first saw the packet (ms since epoch); the delay counts from here. */
  seenAtMs: number
  stage: PacketStage | 'failed'
  /** lzReceive attempts that ended in the endpoint's lzReceiveAlert. */
  attempts: number
  /**
   * When a pass first read the packet as delivered on its destination (ms since epoch). A delivered packet is
   * kept, and read again every pass, until `finalityMs` after this: a rolled-back destination is noticed then.
   */
  deliveredAtMs?: number
  /** The destination's head when the delivery was first read there: the delivery is in it or below. */
  deliveredAtBlock?: number
}

/** A compose message queued on a destination endpoint (ComposeSent) and not yet delivered. */
export interface RelayedCompose {
  chainId: number
  blockNumber: number
  from: Address
  to: Address
  guid: Hex
  index: number
  message: Hex
  stage: 'queued' | 'composed' | 'failed'
  attempts: number
}

/** The relayer's persisted state: a block cursor per chain, the packets and composes still in progress. */
export interface LayerZeroRelayerState {
  cursors: Record<string, number>
  /** Hash of each chain's cursor block, to notice a chain that restarted from its snapshot. */
  cursorHashes?: Record<string, Hex>
  packets: RelayedPacket[]
  composes: RelayedCompose[]
  /** Compose gas and value from each delivered packet's options, by `guid:index`, until that compose runs. */
  composeOptions: Record<string, { gas: bigint; value: bigint }>
}

/** One transaction the relayer sent. */
export interface RelayStep {
  guid: Hex
  chainId: number
  step: 'verify' | 'commit' | 'execute' | 'compose'
  txHash: Hash
}

export interface RelayPassResult {
  steps: RelayStep[]
  /** Packets and composes still waiting (in their delay, or stopped by `stopAfter`). */
  pending: number
}

export interface CreateLayerZeroRelayerParams {
  /** The chains to relay between; those without `layerZero` are ignored. */
  deployments: readonly ChainDeployment[]
  /** DVN signer and admin of the DVN and Executor on every chain (default: the devnet relayer). */
  account?: LocalAccount
  stateFile?: StateFile<LayerZeroRelayerState>
  /** Time a packet stays "in flight" before the DVN verifies it (default 0). */
  delayMs?: number
  /**
   * How long a delivered packet is still read on its destination every pass (default 60 s), so a delivery the
   * destination loses (a devnet chain restarted from a state dumped every 5 s, a reorg) is made again.
   */
  finalityMs?: number
  /**
   * Per chain, the highest block no rollback can take away (the devnet's last state save; undefined: none yet).
   * When set, a delivery is also kept until it is at or below it on its destination.
   */
  finalBlock?: (chainId: number, client: Pick<PublicClient, 'getBlock'>) => Promise<bigint | undefined>
  /**
   * Per chain, the highest block no rollback can take away, read for sources: when set, a packet is verified
   * and delivered only once its PacketSent is at or below it, as a DVN waits for its source's confirmations (a
   * delivery of a send the source then loses would pay what nobody paid).
   */
  sourceFinalBlock?: (chainId: number, client: Pick<PublicClient, 'getBlock'>) => Promise<bigint | undefined>
  pollIntervalMs?: number
  log?: (message: string) => void
  now?: () => number
  /**
   * Devnet and test hook: the gas limit the Executor gives a compose, from the one its packet's options asked
   * (`gas`). A limit too low makes the compose fail as it does under a real executor that underpays it: the
   * endpoint's `lzComposeAlert` records it and the message stays in `composeQueue`, for anyone to retry.
   * Default: the options' gas.
   */
  composeGasLimit?: (compose: { chainId: number; guid: Hex; index: number; gas: bigint }) => bigint
}

export interface LayerZeroRelayer {
  /**
   * One pass: reads new PacketSent and ComposeSent events on every chain, then takes each pending packet
   * through DVN verify, commitVerification and lzReceive (and each queued compose through lzCompose),
   * reading the destination's state before every step, so a step already done is never sent again.
   * `stopAfter: 'verified'` stops each packet after the DVN's verification (to test restarts).
   */
  runOnce(options?: { stopAfter?: 'verified' }): Promise<RelayPassResult>
  /** Runs passes every `pollIntervalMs` until `stop()`; a failed pass is logged and retried. */
  start(): void
  stop(): Promise<void>
}

const maxAttempts = 3
/** Far beyond the devnet's 5-s state dumps (and a fallback to the previous dump): what a restart can lose. */
const defaultFinalityMs = 60_000
const fallbackComposeGas = 1_000_000n
/** Gas the Executor and endpoint need around the OApp's own gas limit. */
const executorOverheadGas = 300_000n

/**
 * The devnet's LayerZero off-chain roles in one worker: the DVN (signs and submits ReceiveUln302.verify
 * through the DVN contract's execute) and the Executor (commitVerification, Executor.execute302 ->
 * endpoint.lzReceive, then Executor.compose302 -> endpoint.lzCompose for every queued compose). Packets
 * wait `delayMs` after they are first seen so "in flight" is visible. Cursors and in-progress packets are
 * saved to `stateFile` after every pass; every step first reads the destination (inboundPayloadHash,
 * lazyInboundNonce, hashLookup, composeQueue), so a restart neither delivers twice nor skips a packet. A
 * delivered packet stays in the state and is read again every pass until `finalityMs` after its delivery: when
 * the destination rolled back (restarted from an older state dump, a reorg), it is verified and delivered
 * again, once. When a
 * chain's cursor block is gone or differs (the devnet restarted from its snapshot) the packets seen on it
 * are dropped and it is scanned again from its startBlock.
 */
export function createLayerZeroRelayer(params: CreateLayerZeroRelayerParams): LayerZeroRelayer {
  const account = params.account ?? getRelayerAccount()
  const delayMs = params.delayMs ?? 0
  const finalityMs = params.finalityMs ?? defaultFinalityMs
  const now = params.now ?? Date.now
  const log = params.log ?? (() => undefined)
  const chains = params.deployments.flatMap((d) =>
    d.layerZero
      ? [
          {
            deployment: d,
            layerZero: d.layerZero,
            client: createDevClient({ rpcUrl: d.rpcUrl, chainId: d.chainId, account }),
          },
        ]
      : [],
  )
  type RelayChain = (typeof chains)[number]
  const byEid = new Map(chains.map((c) => [c.layerZero.eid, c]))
  const byChainId = new Map(chains.map((c) => [c.deployment.chainId, c]))
  const vids = new Map<number, number>()
  let state: LayerZeroRelayerState | undefined

  const loadState = async (): Promise<LayerZeroRelayerState> => {
    state ??= (await params.stateFile?.read()) ?? {
      cursors: {},
      packets: [],
      composes: [],
      composeOptions: {},
    }
    return state
  }

  const scan = async (s: LayerZeroRelayerState, chain: RelayChain) => {
    const chainId = chain.deployment.chainId
    const latest = await chain.client.getBlock()
    const head = Number(latest.number)
    s.cursorHashes ??= {}
    let cursor = s.cursors[chainId]
    if (cursor !== undefined) {
      const known = s.cursorHashes[chainId]
      const hash = await hashAtCursor(chain.client, cursor, latest)
      if (hash === undefined || (known !== undefined && hash !== known)) {
        // The chain is not the one scanned (its anvil restarted from the snapshot): what was seen on it may
        // never have happened, so forget it and rescan from the start (delivery state is read on-chain).
        log(`layerzero relayer: chain ${chainId} is not the chain last scanned; rescanning it`)
        s.packets = s.packets.filter((p) => p.srcChainId !== chainId)
        s.composes = s.composes.filter((c) => c.chainId !== chainId)
        delete s.cursors[chainId]
        delete s.cursorHashes[chainId]
        cursor = undefined
      }
    }
    const fromBlock = cursor === undefined ? chain.deployment.startBlock : cursor + 1
    if (fromBlock > head) return
    const logs = await chain.client.getLogs({
      address: chain.layerZero.endpoint,
      events: [abis.endpoint[0], abis.endpoint[1]],
      fromBlock: BigInt(fromBlock),
      toBlock: BigInt(head),
      strict: true,
    })
    for (const entry of logs) {
      const blockNumber = Number(entry.blockNumber)
      if (entry.eventName === 'PacketSent') {
        const packet = decodePacket(entry.args.encodedPayload)
        const dst = byEid.get(packet.dstEid)
        if (!dst || s.packets.some((p) => p.guid === packet.guid)) continue
        s.packets.push({
          guid: packet.guid,
          srcChainId: chainId,
          dstChainId: dst.deployment.chainId,
          blockNumber,
          encodedPayload: entry.args.encodedPayload,
          options: entry.args.options,
          seenAtMs: now(),
          stage: 'sent',
          attempts: 0,
        })
      } else {
        const { from, to, guid, index, message } = entry.args
        if (s.composes.some((c) => c.guid === guid && c.index === index && isAddressEqual(c.to, to))) continue
        s.composes.push({
          chainId,
          blockNumber,
          from,
          to,
          guid,
          index,
          message,
          stage: 'queued',
          attempts: 0,
        })
      }
    }
    s.cursors[chainId] = head
    s.cursorHashes[chainId] = latest.hash
  }

  const readStage = async (dst: RelayChain, encoded: Hex): Promise<PacketStage> => {
    const p = decodePacket(encoded)
    const lz = dst.layerZero
    const read = dst.client.readContract.bind(dst.client)
    const [lazy, hash] = await Promise.all([
      read({
        address: lz.endpoint,
        abi: abis.endpoint,
        functionName: 'lazyInboundNonce',
        args: [p.receiver, p.srcEid, p.sender],
      }),
      read({
        address: lz.endpoint,
        abi: abis.endpoint,
        functionName: 'inboundPayloadHash',
        args: [p.receiver, p.srcEid, p.sender, p.nonce],
      }),
    ])
    if (hash === p.payloadHash) return 'committed'
    if (lazy >= p.nonce && hash === zeroHash) return 'delivered'
    const [submitted] = await read({
      address: lz.receiveUln302,
      abi: abis.receiveUln,
      functionName: 'hashLookup',
      args: [keccak256(p.header), p.payloadHash, lz.dvn],
    })
    return submitted ? 'verified' : 'sent'
  }

  const getVid = async (chain: RelayChain) => {
    const known = vids.get(chain.layerZero.eid)
    if (known !== undefined) return known
    const vid = await chain.client.readContract({
      address: chain.layerZero.dvn,
      abi: abis.dvn,
      functionName: 'vid',
    })
    vids.set(chain.layerZero.eid, vid)
    return vid
  }

  const verify = async (dst: RelayChain, encoded: Hex): Promise<Hash> => {
    const p = decodePacket(encoded)
    const lz: LayerZeroDeployment = dst.layerZero
    const config = await dst.client.readContract({
      address: lz.receiveUln302,
      abi: abis.receiveUln,
      functionName: 'getUlnConfig',
      args: [p.receiver, p.srcEid],
    })
    const callData = encodeFunctionData({
      abi: abis.receiveUln,
      functionName: 'verify',
      args: [p.header, p.payloadHash, config.confirmations],
    })
    const vid = await getVid(dst)
    // a DVN signs for an hour from now; an idle devnet chain's head may be older than that
    const block = await dst.client.getBlock()
    const wallClock = BigInt(Math.floor(now() / 1000))
    const expiration = (block.timestamp > wallClock ? block.timestamp : wallClock) + 3_600n
    const hash = keccak256(
      encodePacked(['uint32', 'address', 'uint256', 'bytes'], [vid, lz.receiveUln302, expiration, callData]),
    )
    const signatures = await account.signMessage({ message: { raw: hash } })
    return sendContractTx(dst.client, {
      address: lz.dvn,
      abi: abis.dvn,
      functionName: 'execute',
      args: [[{ vid, target: lz.receiveUln302, callData, expiration, signatures }]],
    })
  }

  const advancePacket = async (
    s: LayerZeroRelayerState,
    packet: RelayedPacket,
    steps: RelayStep[],
    stopAfter: 'verified' | undefined,
  ): Promise<boolean> => {
    const dst = byChainId.get(packet.dstChainId)
    if (!dst) return false
    const p = decodePacket(packet.encodedPayload)
    const record = (step: RelayStep['step'], txHash: Hash) => {
      steps.push({ guid: packet.guid, chainId: packet.dstChainId, step, txHash })
    }
    let stage = await readStage(dst, packet.encodedPayload)
    if (packet.stage === 'delivered' && stage !== 'delivered') {
      // The destination no longer holds the delivery (it rolled back): deliver it again, from where it stands.
      log(
        `layerzero relayer: ${packet.guid} is no longer delivered on chain ${packet.dstChainId}; redelivering`,
      )
      delete packet.deliveredAtMs
      delete packet.deliveredAtBlock
      packet.attempts = 0
    }
    if (stage === 'sent') {
      if (now() - packet.seenAtMs < delayMs) return true
      record('verify', await verify(dst, packet.encodedPayload))
      stage = await readStage(dst, packet.encodedPayload)
      if (stage === 'sent') throw new Error(`DVN verification of ${packet.guid} did not land`)
    }
    packet.stage = stage
    if (stage === 'verified') {
      if (stopAfter === 'verified') return true
      record(
        'commit',
        await sendContractTx(dst.client, {
          address: dst.layerZero.receiveUln302,
          abi: abis.receiveUln,
          functionName: 'commitVerification',
          args: [p.header, p.payloadHash],
        }),
      )
      stage = await readStage(dst, packet.encodedPayload)
      packet.stage = stage
    }
    if (stage === 'committed') {
      if (stopAfter === 'verified') return true
      const options = parseExecutorOptions(packet.options)
      record(
        'execute',
        await sendContractTx(dst.client, {
          address: dst.layerZero.executor,
          abi: abis.executor,
          functionName: 'execute302',
          args: [
            {
              receiver: p.receiver,
              origin: { srcEid: p.srcEid, sender: p.sender, nonce: p.nonce },
              guid: p.guid,
              message: p.message,
              extraData: '0x',
              gasLimit: options.lzReceiveGas,
            },
          ],
          value: options.lzReceiveValue,
          gas: (options.lzReceiveGas * 64n) / 63n + executorOverheadGas,
        }),
      )
      stage = await readStage(dst, packet.encodedPayload)
      packet.stage = stage
      if (stage !== 'delivered') {
        packet.attempts += 1
        log(`layerzero relayer: lzReceive of ${packet.guid} failed (attempt ${packet.attempts})`)
        if (packet.attempts >= maxAttempts) packet.stage = 'failed'
        return packet.stage !== 'failed'
      }
    }
    if (stage === 'delivered') {
      packet.stage = 'delivered'
      packet.deliveredAtBlock ??= Number(await dst.client.getBlockNumber({ cacheTime: 0 }))
      if (packet.deliveredAtMs !== undefined) return false
      packet.deliveredAtMs = now()
      for (const [index, compose] of parseExecutorOptions(packet.options).compose) {
        s.composeOptions[`${packet.guid}:${index}`] = compose
      }
    }
    return false
  }

  const advanceCompose = async (s: LayerZeroRelayerState, compose: RelayedCompose, steps: RelayStep[]) => {
    const chain = byChainId.get(compose.chainId)
    if (!chain) return false
    const readQueue = () =>
      chain.client.readContract({
        address: chain.layerZero.endpoint,
        abi: abis.endpoint,
        functionName: 'composeQueue',
        args: [compose.from, compose.to, compose.guid, compose.index],
      })
    const key = `${compose.guid}:${compose.index}`
    if ((await readQueue()) !== keccak256(compose.message)) {
      compose.stage = 'composed'
      delete s.composeOptions[key]
      return false
    }
    const asked = s.composeOptions[key] ?? { gas: fallbackComposeGas, value: 0n }
    const options = {
      value: asked.value,
      gas:
        params.composeGasLimit?.({
          chainId: compose.chainId,
          guid: compose.guid,
          index: compose.index,
          gas: asked.gas,
        }) ?? asked.gas,
    }
    const txHash = await sendContractTx(chain.client, {
      address: chain.layerZero.executor,
      abi: abis.executor,
      functionName: 'compose302',
      args: [compose.from, compose.to, compose.guid, compose.index, compose.message, '0x', options.gas],
      value: options.value,
      gas: (options.gas * 64n) / 63n + executorOverheadGas,
    })
    steps.push({ guid: compose.guid, chainId: compose.chainId, step: 'compose', txHash })
    if ((await readQueue()) === keccak256(compose.message)) {
      compose.attempts += 1
      log(`layerzero relayer: lzCompose of ${key} failed (attempt ${compose.attempts})`)
      if (compose.attempts >= maxAttempts) compose.stage = 'failed'
      return compose.stage !== 'failed'
    }
    compose.stage = 'composed'
    delete s.composeOptions[key]
    return false
  }

  const pass = async (stopAfter: 'verified' | undefined): Promise<RelayPassResult> => {
    const s = await loadState()
    await Promise.all(chains.map((chain) => scan(s, chain)))
    const steps: RelayStep[] = []
    const sourceFinal = new Map<number, bigint | undefined>()
    if (params.sourceFinalBlock !== undefined)
      for (const chainId of new Set(s.packets.filter((p) => p.stage === 'sent').map((p) => p.srcChainId))) {
        const client = byChainId.get(chainId)?.client
        if (client !== undefined)
          sourceFinal.set(chainId, await params.sourceFinalBlock(chainId, client).catch(() => undefined))
      }
    const sourceIsFinal = (p: RelayedPacket) => {
      if (params.sourceFinalBlock === undefined || p.stage !== 'sent') return true
      const final = sourceFinal.get(p.srcChainId)
      return final !== undefined && BigInt(p.blockNumber) <= final
    }
    const pendingCounts = await Promise.all(
      chains.map(async (dst) => {
        let pending = 0
        const inbound = s.packets
          .filter((p) => p.dstChainId === dst.deployment.chainId && p.stage !== 'failed')
          .sort((a, b) => compareNonces(a.encodedPayload, b.encodedPayload))
        for (const packet of inbound) {
          // a later nonce of the same path waits too: the endpoint delivers a path in order
          if (!sourceIsFinal(packet)) {
            pending += 1
            continue
          }
          if (await advancePacket(s, packet, steps, stopAfter)) pending += 1
        }
        for (const compose of s.composes.filter((c) => c.chainId === dst.deployment.chainId)) {
          if (compose.stage !== 'queued') continue
          if (stopAfter === 'verified') {
            pending += 1
            continue
          }
          if (await advanceCompose(s, compose, steps)) pending += 1
        }
        return pending
      }),
    )
    // a delivery is kept until it is final (read on the destination through `finalityMs`, and covered by the
    // destination's last state save where told), so a restart or a rollback of the destination before that
    // reads it again and redelivers what the chain lost
    const finalBlocks = new Map<number, bigint | undefined>()
    if (params.finalBlock !== undefined)
      for (const chainId of new Set(s.packets.map((p) => p.dstChainId))) {
        const client = byChainId.get(chainId)?.client
        if (client !== undefined)
          finalBlocks.set(chainId, await params.finalBlock(chainId, client).catch(() => undefined))
      }
    const covered = (p: RelayedPacket) => {
      if (params.finalBlock === undefined) return true
      const final = finalBlocks.get(p.dstChainId)
      return final !== undefined && p.deliveredAtBlock !== undefined && BigInt(p.deliveredAtBlock) <= final
    }
    s.packets = s.packets.filter(
      (p) => p.stage !== 'delivered' || now() - (p.deliveredAtMs ?? now()) < finalityMs || !covered(p),
    )
    s.composes = s.composes.filter((c) => c.stage === 'queued' || c.stage === 'failed')
    await params.stateFile?.save(s)
    return { steps, pending: pendingCounts.reduce((a, b) => a + b, 0) }
  }

  return createPassRunner<{ stopAfter?: 'verified' }, RelayPassResult>({
    pass: (options) => pass(options?.stopAfter),
    pollIntervalMs: params.pollIntervalMs ?? 500,
    onError: (error) => log(`layerzero relayer: pass failed (${String(error)}); retrying`),
  })
}

/** Orders packets by path (srcEid, sender, dstEid, receiver) and then nonce, so lower nonces go first. */
function compareNonces(a: Hex, b: Hex): number {
  const pa = decodePacket(a)
  const pb = decodePacket(b)
  const pathA = `${pa.srcEid}:${pa.sender}:${pa.dstEid}:${pa.receiver}`
  const pathB = `${pb.srcEid}:${pb.sender}:${pb.dstEid}:${pb.receiver}`
  if (pathA !== pathB) return pathA < pathB ? -1 : 1
  return pa.nonce < pb.nonce ? -1 : pa.nonce > pb.nonce ? 1 : 0
}
