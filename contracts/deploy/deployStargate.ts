import { type Address, encodePacked, erc20Abi, maxUint256, pad, parseAbi, zeroAddress } from 'viem'
import { getThirdPartyArtifact } from '../thirdParty'
import { deployBytecode } from './deployBytecode'
import type { ConfigCall, ConfigSender } from './sendConfigTxs'
import { sendConfigTxs } from './sendConfigTxs'

/** One asset Stargate carries on a chain: a token pool (StargatePool) or the native pool (StargatePoolNative). */
export interface StargateAssetSpec {
  /** Stargate's asset id, the same on every chain (mainnet: USDC 1, USDT 2, ETH 13). */
  assetId: number
  symbol: string
  /** The pooled token; the zero address for the native coin. */
  token: Address
  decimals: number
  /** Liquidity the deployer deposits into the pool, in the token's base units (minted or paid in native). */
  liquidity: bigint
}

export interface StargatePoolInfo {
  assetId: number
  symbol: string
  token: Address
  decimals: number
  sharedDecimals: number
  pool: Address
  feeLib: Address
  lpToken: Address
}

/** The Stargate V2 contracts of one chain (npm bytecode of @stargatefinance/stg-evm-v2). */
export interface StargateContracts {
  tokenMessaging: Address
  creditMessaging: Address
  /** Holds the planner role (credits) and the treasurer role on every pool: the deployer. */
  planner: Address
  pools: StargatePoolInfo[]
}

const sharedDecimals = 6
const tokenMessagingQueueCapacity = 128
const readAbi = parseAbi([
  'function lpToken() view returns (address)',
  'function paths(uint32 eid) view returns (uint64 credit)',
  'function mint(address to, uint256 amount)',
  'struct TargetCredit { uint32 srcEid; uint64 amount; uint64 minAmount; }',
  'struct TargetCreditBatch { uint16 assetId; TargetCredit[] credits; }',
  'struct MessagingFee { uint256 nativeFee; uint256 lzTokenFee; }',
  'function quoteSendCredits(uint32 _dstEid, TargetCreditBatch[] _creditBatches) view returns (MessagingFee fee)',
])

/**
 * Deploys Stargate V2 on one chain: TokenMessaging and CreditMessaging on `endpoint`, one pool per asset
 * (StargatePoolNative for the zero address, StargatePool otherwise, shared decimals 6) with its FeeLibV1, the
 * pools' address config (the deployer is planner and treasurer, no LZ token), asset ids on both messagings,
 * and `liquidity` deposited into every pool (tokens minted by the deployer, who is the devnet tokens' minter).
 * Paths, peers, fees and credits to other chains are set by `wireStargate`.
 */
export async function deployStargate(
  sender: ConfigSender,
  { endpoint, assets }: { endpoint: Address; assets: readonly StargateAssetSpec[] },
): Promise<StargateContracts> {
  const { client } = sender
  const owner = sender.account.address
  const tokenMessaging = await deployBytecode(client, {
    ...getThirdPartyArtifact('TokenMessaging'),
    args: [endpoint, owner, tokenMessagingQueueCapacity],
  })
  const creditMessaging = await deployBytecode(client, {
    ...getThirdPartyArtifact('CreditMessaging'),
    args: [endpoint, owner],
  })
  const pools: StargatePoolInfo[] = []
  for (const asset of assets) {
    const native = asset.token === zeroAddress
    const lpName = `Stargate ${asset.symbol} LP`
    const lpSymbol = `S*${asset.symbol}`
    const pool = native
      ? await deployBytecode(client, {
          ...getThirdPartyArtifact('StargatePoolNative'),
          args: [lpName, lpSymbol, asset.decimals, sharedDecimals, endpoint, owner],
        })
      : await deployBytecode(client, {
          ...getThirdPartyArtifact('StargatePool'),
          args: [lpName, lpSymbol, asset.token, asset.decimals, sharedDecimals, endpoint, owner],
        })
    const feeLib = await deployBytecode(client, { ...getThirdPartyArtifact('FeeLibV1'), args: [pool] })
    const lpToken = await client.readContract({ address: pool, abi: readAbi, functionName: 'lpToken' })
    pools.push({
      assetId: asset.assetId,
      symbol: asset.symbol,
      token: asset.token,
      decimals: asset.decimals,
      sharedDecimals,
      pool,
      feeLib,
      lpToken,
    })
  }
  const poolAbi = getThirdPartyArtifact('StargatePool').abi
  const messagingAbi = getThirdPartyArtifact('TokenMessaging').abi
  const calls: ConfigCall[] = [
    {
      to: creditMessaging,
      abi: getThirdPartyArtifact('CreditMessaging').abi,
      functionName: 'setPlanner',
      args: [owner],
    },
  ]
  for (const p of pools) {
    calls.push(
      {
        to: p.pool,
        abi: poolAbi,
        functionName: 'setAddressConfig',
        args: [
          {
            feeLib: p.feeLib,
            planner: owner,
            treasurer: owner,
            tokenMessaging,
            creditMessaging,
            lzToken: zeroAddress,
          },
        ],
      },
      { to: tokenMessaging, abi: messagingAbi, functionName: 'setAssetId', args: [p.pool, p.assetId] },
      { to: creditMessaging, abi: messagingAbi, functionName: 'setAssetId', args: [p.pool, p.assetId] },
    )
    const liquidity = assets.find((a) => a.assetId === p.assetId)?.liquidity ?? 0n
    if (p.token === zeroAddress) {
      calls.push({
        to: p.pool,
        abi: poolAbi,
        functionName: 'deposit',
        args: [owner, liquidity],
        value: liquidity,
      })
    } else {
      calls.push(
        { to: p.token, abi: readAbi, functionName: 'mint', args: [owner, liquidity] },
        { to: p.token, abi: erc20Abi, functionName: 'approve', args: [p.pool, maxUint256] },
        { to: p.pool, abi: poolAbi, functionName: 'deposit', args: [owner, liquidity] },
      )
    }
  }
  await sendConfigTxs(sender, calls)
  return { tokenMessaging, creditMessaging, planner: owner, pools }
}

/** What wiring needs of a chain's Stargate (the manifest's shape: roles and LP tokens are not needed). */
export interface StargateWiring {
  tokenMessaging: Address
  creditMessaging: Address
  pools: readonly { assetId: number; pool: Address; feeLib?: Address | undefined }[]
}

/** A remote chain as `wireStargate` sees it. */
export interface StargateRemote {
  eid: number
  stargate: StargateWiring
}

/** Executor gas for one taxi (lzReceive, without compose) and for each credit in a credit message. */
export const stargateGas = { taxi: 200_000n, bus: 100_000n, nativeDrop: 50_000n, credit: 100_000n } as const
/** FeeLibV1 fee on every path, in millionths of the amount (0.06 %, all zones). */
export const stargateFeeMillionth = 600

/**
 * Connects the local Stargate deployment to every remote chain: peers on TokenMessaging and CreditMessaging,
 * their gas limits and the taxi's enforced lzReceive option, and a FeeLibV1 fee config for each shared asset.
 * The send side only: credits are moved by `sendStargateCredits` once every chain is wired.
 */
export async function wireStargate(
  sender: ConfigSender,
  { local, remotes }: { local: StargateWiring; remotes: readonly StargateRemote[] },
): Promise<void> {
  const tokenMessagingAbi = getThirdPartyArtifact('TokenMessaging').abi
  const creditMessagingAbi = getThirdPartyArtifact('CreditMessaging').abi
  const feeLibAbi = getThirdPartyArtifact('FeeLibV1').abi
  const taxiOptions = encodePacked(
    ['uint16', 'uint8', 'uint16', 'uint8', 'uint128'],
    [3, 1, 17, 1, stargateGas.taxi],
  )
  const calls: ConfigCall[] = []
  for (const remote of remotes) {
    calls.push(
      {
        to: local.tokenMessaging,
        abi: tokenMessagingAbi,
        functionName: 'setPeer',
        args: [remote.eid, pad(remote.stargate.tokenMessaging)],
      },
      {
        to: local.creditMessaging,
        abi: creditMessagingAbi,
        functionName: 'setPeer',
        args: [remote.eid, pad(remote.stargate.creditMessaging)],
      },
      {
        to: local.tokenMessaging,
        abi: tokenMessagingAbi,
        functionName: 'setGasLimit',
        args: [remote.eid, stargateGas.bus, stargateGas.nativeDrop],
      },
      {
        to: local.tokenMessaging,
        abi: tokenMessagingAbi,
        functionName: 'setEnforcedOptions',
        args: [[{ eid: remote.eid, msgType: 1, options: taxiOptions }]],
      },
      {
        to: local.creditMessaging,
        abi: creditMessagingAbi,
        functionName: 'setGasLimit',
        args: [remote.eid, stargateGas.credit],
      },
    )
    for (const p of local.pools) {
      if (!p.feeLib || !remote.stargate.pools.some((r) => r.assetId === p.assetId)) continue
      calls.push({
        to: p.feeLib,
        abi: feeLibAbi,
        functionName: 'setFeeConfig',
        args: [remote.eid, 0n, 0n, stargateFeeMillionth, stargateFeeMillionth, stargateFeeMillionth, 0],
      })
    }
  }
  await sendConfigTxs(sender, calls)
}

/**
 * Shares the local pools' credit with every remote chain that has the same asset: the planner sends one
 * CreditMessaging message per remote, giving it an equal part of the local path's credit (the deposited
 * liquidity, read from the pool's own path), so the remote may send that much here. Pays each message's nativeFee from the endpoint's quote.
 * The messages still need delivery (the relayer's DVN and Executor) before the remote can use the credit.
 */
export async function sendStargateCredits(
  sender: ConfigSender,
  {
    local,
    localEid,
    remotes,
  }: { local: StargateWiring; localEid: number; remotes: readonly StargateRemote[] },
): Promise<void> {
  const localCredit = await Promise.all(
    local.pools.map((p) =>
      sender.client.readContract({ address: p.pool, abi: readAbi, functionName: 'paths', args: [localEid] }),
    ),
  )
  const calls: ConfigCall[] = []
  for (const remote of remotes) {
    const batches = local.pools.flatMap((p, i) => {
      const sharers = remotes.filter((r) => r.stargate.pools.some((q) => q.assetId === p.assetId)).length
      if (!remote.stargate.pools.some((q) => q.assetId === p.assetId)) return []
      const amount = (localCredit[i] ?? 0n) / BigInt(sharers)
      return [{ assetId: p.assetId, credits: [{ srcEid: localEid, amount, minAmount: 0n }] }]
    })
    if (batches.length === 0) continue
    const fee = await sender.client.readContract({
      address: local.creditMessaging,
      abi: readAbi,
      functionName: 'quoteSendCredits',
      args: [remote.eid, batches],
    })
    calls.push({
      to: local.creditMessaging,
      abi: getThirdPartyArtifact('CreditMessaging').abi,
      functionName: 'sendCredits',
      args: [remote.eid, batches],
      value: fee.nativeFee,
    })
  }
  await sendConfigTxs(sender, calls)
}
