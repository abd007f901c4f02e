import {
  type Address,
  getAbiItem,
  getAddress,
  type Hash,
  type Hex,
  isAddressEqual,
  type LocalAccount,
  type PublicClient,
  pad,
  sliceHex,
  zeroHash,
} from 'viem'
import { createDevClient } from '../../contracts/deploy/devClient'
import { sendContractTx } from '../../contracts/deploy/sendContractTx'
import type { AcrossDeployment, ChainDeployment } from '../../server/chains/deployment'
import { computeAcrossOutput } from '../../server/providers/across/acrossFees'
import { acrossSpokePoolAbi as spokeAbi } from '../../server/providers/across/acrossSpokePoolAbi'
import { createPassRunner } from '../createPassRunner'
import type { StateFile } from '../createStateFile'
import { getDeployerAccount } from '../devAccounts'
import { hashAtCursor } from '../hashAtCursor'
import { buildRefundTree, type RelayerRefundLeaf } from './buildRefundTree'
import { getFillerAccount } from './fillerAccount'

/** A deposit the filler saw on its origin SpokePool, and what became of it. */
export interface FillerDeposit {
  originChainId: number
  destinationChainId: number
  depositId: bigint
  depositor: Hex
  recipient: Hex
  exclusiveRelayer: Hex
  inputToken: Hex
  outputToken: Hex
  inputAmount: bigint
  outputAmount: bigint
  fillDeadline: number
  exclusivityDeadline: number
  message: Hex
  blockNumber: number
  /**
   * `deposited` until filled (by anyone) or expired; `filled` once a FilledRelay is seen; `expired` once the
   * destination's clock passed the deadline unfilled; `refunded` once the depositor's refund leaf ran; `repaid`
   * once the filler's refund leaf ran.
   */
  status: 'deposited' | 'filled' | 'expired' | 'refunded' | 'repaid'
  fillTxHash?: Hash
  /** Who filled (bytes32) and where they asked to be repaid. */
  relayer?: Hex
  repaymentChainId?: number
  /** Fill attempts that reverted; after `maxFillAttempts` the filler leaves the deposit to expire. */
  fillAttempts: number
  /** When a pass first read it filled (ms since epoch): its fill is re-read on the destination for a while. */
  filledAtMs?: number
}

/** A root bundle the devnet relayed on `chainId` whose leaves may still need executing. */
export interface FillerBundle {
  chainId: number
  root: Hex
  leaves: RelayerRefundLeaf[]
  /** `originChainId:depositId` of the deposits it settles, and as what. */
  settles: { key: string; as: 'refunded' | 'repaid' }[]
  rootBundleId?: number
}

/** The filler's persisted state: a block cursor per chain, the deposits it follows, bundles in progress. */
export interface AcrossFillerState {
  cursors: Record<string, number>
  cursorHashes: Record<string, Hex>
  deposits: FillerDeposit[]
  bundles: FillerBundle[]
}

export interface FillerPassResult {
  fills: { key: string; txHash: Hash }[]
  bundles: { chainId: number; rootBundleId: number; leaves: number }[]
}

export interface CreateAcrossFillerParams {
  /** Chains without `across` are ignored. */
  deployments: readonly ChainDeployment[]
  /** The relayer filling from its inventory (default: the devnet filler). */
  filler?: LocalAccount
  /** Owner of every SpokePool, who relays root bundles (default: the devnet deployer). */
  admin?: LocalAccount
  stateFile?: StateFile<AcrossFillerState>
  pollIntervalMs?: number
  /**
   * How long a fill is read again on its destination every pass (default 120 s): a fill the destination lost
   * (a devnet chain restarted from its last state save, a reorg) is made again, its repayment not paid twice.
   */
  recheckFillMs?: number
  /**
   * Per chain, the highest block no rollback can take away (the devnet's last state save; undefined: none yet),
   * read for origins: when set, a deposit is filled only once its FundsDeposited is at or below it (a fill of a
   * deposit the origin then loses pays out what nobody deposited). The LayerZero relayer's `sourceFinalBlock`.
   */
  sourceFinalBlock?: (chainId: number, client: Pick<PublicClient, 'getBlock'>) => Promise<bigint | undefined>
  now?: () => number
  log?: (message: string) => void
}

export interface AcrossFiller {
  /**
   * One pass: reads new FundsDeposited and FilledRelay on every chain; fills each open deposit it accepts
   * (known route, fee at least the quoted relayer fee, inventory, before the deadline) after reading its fill
   * status on the destination, so a restart never fills twice; then, as the devnet's dataworker, relays a
   * root bundle on the origin for each settled deposit that repays its fill (to the relayer) or refunds it once
   * expired (to the depositor), and executes its leaf; bundles already on chain are not paid again. `fill: false` skips the filling (a stopped filler).
   */
  runOnce(options?: { fill?: boolean }): Promise<FillerPassResult>
  start(): void
  stop(): Promise<void>
}

const maxFillAttempts = 3
/** A fill is only sent while the destination's clock is this far from the deadline. */
const deadlineMarginSec = 2n
const fillStatusFilled = 2n

/**
 * The devnet's Across off-chain roles in one worker (docs/across.md): the filler (a relayer with its own
 * inventory on every chain, repaid on the origin) and the dataworker that relays root bundles as the SpokePools'
 * owner. Everything it has seen and done is saved to `stateFile` after each pass; when a chain's cursor block
 * is gone or differs (the devnet restarted from its snapshot) what was seen there is forgotten and rescanned.
 */
export function createAcrossFiller(params: CreateAcrossFillerParams): AcrossFiller {
  const filler = params.filler ?? getFillerAccount()
  const admin = params.admin ?? getDeployerAccount()
  const log = params.log ?? (() => undefined)
  const now = params.now ?? Date.now
  const recheckFillMs = params.recheckFillMs ?? 120_000
  const chains = params.deployments.flatMap((d) =>
    d.across
      ? [
          {
            deployment: d,
            across: d.across,
            filler: createDevClient({ rpcUrl: d.rpcUrl, chainId: d.chainId, account: filler }),
            admin: createDevClient({ rpcUrl: d.rpcUrl, chainId: d.chainId, account: admin }),
          },
        ]
      : [],
  )
  type FillerChain = (typeof chains)[number]
  const byChainId = new Map(chains.map((c) => [c.deployment.chainId, c]))
  const keyOf = (originChainId: number | bigint, depositId: bigint) => `${originChainId}:${depositId}`
  let state: AcrossFillerState | undefined

  const loadState = async (): Promise<AcrossFillerState> => {
    state ??= (await params.stateFile?.read()) ?? { cursors: {}, cursorHashes: {}, deposits: [], bundles: [] }
    return state
  }

  const scan = async (s: AcrossFillerState, chain: FillerChain) => {
    const chainId = chain.deployment.chainId
    const client = chain.admin
    const latest = await client.getBlock()
    const head = Number(latest.number)
    let cursor = s.cursors[chainId]
    if (cursor !== undefined) {
      const hash = await hashAtCursor(client, cursor, latest)
      if (hash === undefined || hash !== s.cursorHashes[chainId]) {
        log(`across filler: chain ${chainId} is not the chain last scanned; rescanning it`)
        s.deposits = s.deposits.filter((d) => d.originChainId !== chainId)
        s.bundles = s.bundles.filter((b) => b.chainId !== chainId)
        delete s.cursors[chainId]
        delete s.cursorHashes[chainId]
        cursor = undefined
      }
    }
    const fromBlock = cursor === undefined ? chain.deployment.startBlock : cursor + 1
    if (fromBlock > head) return
    const logs = await client.getLogs({
      address: chain.across.spokePool,
      events: depositAndFillEvents,
      fromBlock: BigInt(fromBlock),
      toBlock: BigInt(head),
      strict: true,
    })
    for (const entry of logs) {
      if (entry.eventName === 'FundsDeposited') {
        const a = entry.args
        const key = keyOf(chainId, a.depositId)
        if (s.deposits.some((d) => keyOf(d.originChainId, d.depositId) === key)) continue
        s.deposits.push({
          originChainId: chainId,
          destinationChainId: Number(a.destinationChainId),
          depositId: a.depositId,
          depositor: a.depositor,
          recipient: a.recipient,
          exclusiveRelayer: a.exclusiveRelayer,
          inputToken: a.inputToken,
          outputToken: a.outputToken,
          inputAmount: a.inputAmount,
          outputAmount: a.outputAmount,
          fillDeadline: a.fillDeadline,
          exclusivityDeadline: a.exclusivityDeadline,
          message: a.message,
          blockNumber: Number(entry.blockNumber),
          status: 'deposited',
          fillAttempts: 0,
        })
      } else if (entry.eventName === 'FilledRelay') {
        const a = entry.args
        const deposit = s.deposits.find(
          (d) => keyOf(d.originChainId, d.depositId) === keyOf(a.originChainId, a.depositId),
        )
        if (!deposit || deposit.destinationChainId !== chainId) continue
        deposit.fillTxHash = entry.transactionHash
        deposit.relayer = a.relayer
        deposit.repaymentChainId = Number(a.repaymentChainId)
        if (deposit.status === 'deposited' || deposit.status === 'expired') deposit.status = 'filled'
        deposit.filledAtMs ??= now()
      }
    }
    s.cursors[chainId] = head
    s.cursorHashes[chainId] = latest.hash
  }

  const relayDataOf = (d: FillerDeposit) => ({
    depositor: d.depositor,
    recipient: d.recipient,
    exclusiveRelayer: d.exclusiveRelayer,
    inputToken: d.inputToken,
    outputToken: d.outputToken,
    inputAmount: d.inputAmount,
    outputAmount: d.outputAmount,
    originChainId: BigInt(d.originChainId),
    depositId: d.depositId,
    fillDeadline: d.fillDeadline,
    exclusivityDeadline: d.exclusivityDeadline,
    message: d.message,
  })

  const fillStatus = async (d: FillerDeposit, dst: FillerChain) => {
    const relayHash = await dst.admin.readContract({
      address: dst.across.spokePool,
      abi: spokeAbi,
      functionName: 'getV3RelayHash',
      args: [relayDataOf(d)],
    })
    return dst.admin.readContract({
      address: dst.across.spokePool,
      abi: spokeAbi,
      functionName: 'fillStatuses',
      args: [relayHash],
    })
  }

  /** Whether the filler takes `d`: a known asset on both sides and at least the relayer fee it quotes. */
  const accepts = (d: FillerDeposit, origin: FillerChain, dst: FillerChain) => {
    const input = assetOf(origin.across, d.inputToken)
    const output = assetOf(dst.across, d.outputToken)
    if (!input || !output || input.asset !== output.asset) return false
    if (d.exclusiveRelayer !== zeroHash && !isAddressEqual(toAddress(d.exclusiveRelayer), filler.address)) {
      return false
    }
    return d.outputAmount <= computeAcrossOutput(d.inputAmount, input.decimals, output.decimals).outputAmount
  }

  const tryFill = async (d: FillerDeposit, fills: FillerPassResult['fills']) => {
    const origin = byChainId.get(d.originChainId)
    const dst = byChainId.get(d.destinationChainId)
    if (!origin || !dst || d.fillAttempts >= maxFillAttempts || !accepts(d, origin, dst)) return
    const { timestamp } = await dst.admin.getBlock()
    if (timestamp + deadlineMarginSec > BigInt(d.fillDeadline)) return
    if ((await fillStatus(d, dst)) === fillStatusFilled) return
    const outputToken = toAddress(d.outputToken)
    const inventory = await dst.admin.readContract({
      address: outputToken,
      abi: erc20BalanceAbi,
      functionName: 'balanceOf',
      args: [filler.address],
    })
    if (inventory < d.outputAmount) return
    try {
      const txHash = await sendContractTx(dst.filler, {
        address: dst.across.spokePool,
        abi: spokeAbi,
        functionName: 'fillRelay',
        args: [relayDataOf(d), BigInt(d.originChainId), pad(filler.address.toLowerCase() as Address)],
      })
      fills.push({ key: keyOf(d.originChainId, d.depositId), txHash })
    } catch (error: unknown) {
      d.fillAttempts += 1
      log(`across filler: fill of ${keyOf(d.originChainId, d.depositId)} failed (${String(error)})`)
    }
  }

  /** Marks deposits whose deadline passed unfilled on their destination as expired. */
  const expire = async (s: AcrossFillerState) => {
    for (const d of s.deposits) {
      if (d.status !== 'deposited') continue
      const dst = byChainId.get(d.destinationChainId)
      if (!dst) continue
      const { timestamp } = await dst.admin.getBlock()
      if (timestamp <= BigInt(d.fillDeadline)) continue
      if ((await fillStatus(d, dst)) === fillStatusFilled) continue
      d.status = 'expired'
    }
  }

  /**
   * A bundle per settled deposit on its origin: one leaf paying the deposit's input to the relayer that filled it
   * (repayment) or back to its depositor (expired), with the deposit id as leaf id. The bundle is a function of
   * the deposit alone, so after a lost state the same root is found on chain and nothing is paid twice.
   */
  const planBundles = (s: AcrossFillerState) => {
    const pending = new Set(s.bundles.flatMap((b) => b.settles.map((x) => x.key)))
    for (const d of s.deposits) {
      const key = keyOf(d.originChainId, d.depositId)
      if (pending.has(key) || !byChainId.has(d.originChainId)) continue
      let payee: Address | undefined
      if (d.status === 'expired') payee = toAddress(d.depositor)
      else if (d.status === 'filled' && d.repaymentChainId === d.originChainId && d.relayer) {
        payee = toAddress(d.relayer)
      }
      if (!payee) continue
      const leaves: RelayerRefundLeaf[] = [
        {
          amountToReturn: 0n,
          chainId: BigInt(d.originChainId),
          refundAmounts: [d.inputAmount],
          leafId: Number(d.depositId % 2n ** 32n),
          l2TokenAddress: toAddress(d.inputToken),
          refundAddresses: [payee],
        },
      ]
      s.bundles.push({
        chainId: d.originChainId,
        root: buildRefundTree(leaves).root,
        leaves,
        settles: [{ key, as: d.status === 'expired' ? 'refunded' : 'repaid' }],
      })
    }
  }

  /** Relays a planned bundle (unless its root already is on chain) and executes every unexecuted leaf. */
  const settle = async (s: AcrossFillerState, bundle: FillerBundle, done: FillerPassResult['bundles']) => {
    const chain = byChainId.get(bundle.chainId)
    if (!chain) return
    const tree = buildRefundTree(bundle.leaves)
    if (bundle.rootBundleId === undefined) {
      const relayed = await chain.admin.getLogs({
        address: chain.across.spokePool,
        event: relayedRootBundleEvent,
        args: { relayerRefundRoot: bundle.root },
        fromBlock: BigInt(chain.deployment.startBlock),
        strict: true,
      })
      const known = relayed[0]?.args.rootBundleId
      if (known !== undefined) {
        bundle.rootBundleId = known
      } else {
        await sendContractTx(chain.admin, {
          address: chain.across.spokePool,
          abi: spokeAbi,
          functionName: 'relayRootBundle',
          args: [bundle.root, zeroHash],
        })
        return settle(s, bundle, done)
      }
    }
    const rootBundleId = bundle.rootBundleId
    const executed = await chain.admin.getLogs({
      address: chain.across.spokePool,
      event: executedRefundEvent,
      args: { rootBundleId },
      fromBlock: BigInt(chain.deployment.startBlock),
      strict: true,
    })
    let executedNow = 0
    for (const [index, leaf] of bundle.leaves.entries()) {
      if (executed.some((e) => e.args.leafId === leaf.leafId)) continue
      executedNow += 1
      await sendContractTx(chain.admin, {
        address: chain.across.spokePool,
        abi: spokeAbi,
        functionName: 'executeRelayerRefundLeaf',
        args: [rootBundleId, leaf, tree.proofs[index] ?? []],
      })
    }
    for (const { key, as } of bundle.settles) {
      const deposit = s.deposits.find((d) => keyOf(d.originChainId, d.depositId) === key)
      if (deposit) deposit.status = as
    }
    s.bundles = s.bundles.filter((b) => b !== bundle)
    if (executedNow > 0) done.push({ chainId: bundle.chainId, rootBundleId, leaves: executedNow })
  }

  const recent = (d: FillerDeposit) => d.filledAtMs !== undefined && now() - d.filledAtMs < recheckFillMs
  const pass = async (fill: boolean): Promise<FillerPassResult> => {
    const s = await loadState()
    await Promise.all(chains.map((chain) => scan(s, chain)))
    const result: FillerPassResult = { fills: [], bundles: [] }
    // a recent fill the destination no longer holds (rolled back) is open again: filled anew below; its
    // repayment's bundle is a function of the deposit, found on chain and never paid twice
    for (const d of s.deposits) {
      if (d.status !== 'filled' && d.status !== 'repaid') continue
      const dst = byChainId.get(d.destinationChainId)
      if (dst === undefined || !recent(d) || (await fillStatus(d, dst)) === fillStatusFilled) continue
      log(`across filler: the fill of ${keyOf(d.originChainId, d.depositId)} was rolled back; filling again`)
      d.status = 'deposited'
      d.fillAttempts = 0
      delete d.fillTxHash
      delete d.relayer
      delete d.repaymentChainId
      delete d.filledAtMs
    }
    if (fill) {
      const originFinal = new Map<number, bigint | undefined>()
      if (params.sourceFinalBlock !== undefined)
        for (const chainId of new Set(
          s.deposits.filter((d) => d.status === 'deposited').map((d) => d.originChainId),
        )) {
          const client = byChainId.get(chainId)?.admin
          if (client !== undefined)
            originFinal.set(chainId, await params.sourceFinalBlock(chainId, client).catch(() => undefined))
        }
      const originIsFinal = (d: FillerDeposit) => {
        if (params.sourceFinalBlock === undefined) return true
        const final = originFinal.get(d.originChainId)
        return final !== undefined && BigInt(d.blockNumber) <= final
      }
      await Promise.all(
        chains.map(async (dst) => {
          const open = s.deposits.filter(
            (d) =>
              d.destinationChainId === dst.deployment.chainId && d.status === 'deposited' && originIsFinal(d),
          )
          for (const d of open) await tryFill(d, result.fills)
        }),
      )
      // pick up the fills just sent (their FilledRelay) before repaying them
      if (result.fills.length > 0) await Promise.all(chains.map((chain) => scan(s, chain)))
    }
    await expire(s)
    planBundles(s)
    await params.stateFile?.save(s)
    for (const bundle of [...s.bundles]) await settle(s, bundle, result.bundles)
    s.deposits = s.deposits.filter((d) => d.status !== 'refunded' && (d.status !== 'repaid' || recent(d)))
    await params.stateFile?.save(s)
    return result
  }

  return createPassRunner<{ fill?: boolean }, FillerPassResult>({
    pass: (options) => pass(options?.fill ?? true),
    pollIntervalMs: params.pollIntervalMs ?? 500,
    onError: (error) => log(`across filler: pass failed (${String(error)}); retrying`),
  })
}

const erc20BalanceAbi = [
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const

const relayedRootBundleEvent = getAbiItem({ abi: spokeAbi, name: 'RelayedRootBundle' })
const executedRefundEvent = getAbiItem({ abi: spokeAbi, name: 'ExecutedRelayerRefundRoot' })
const depositAndFillEvents = [
  getAbiItem({ abi: spokeAbi, name: 'FundsDeposited' }),
  getAbiItem({ abi: spokeAbi, name: 'FilledRelay' }),
] as const

function toAddress(word: Hex): Address {
  return getAddress(sliceHex(word, 12))
}

function assetOf(across: AcrossDeployment, word: Hex) {
  return across.assets.find((a) => isAddressEqual(a.token, toAddress(word)))
}
