import { type Address, zeroAddress } from 'viem'
import { getThirdPartyArtifact } from '../thirdParty'
import { deployBytecode } from './deployBytecode'
import type { ConfigCall, ConfigSender } from './sendConfigTxs'
import { sendConfigTxs } from './sendConfigTxs'

/** The LayerZero V2 contracts of one chain (npm bytecode of lz-evm-protocol-v2 and lz-evm-messagelib-v2). */
export interface LayerZeroContracts {
  eid: number
  endpoint: Address
  sendUln302: Address
  receiveUln302: Address
  priceFeed: Address
  treasury: Address
  executor: Address
  executorFeeLib: Address
  dvn: Address
  dvnFeeLib: Address
}

export interface DeployLayerZeroParams {
  eid: number
  /** Holds ADMIN_ROLE on the Executor and the DVN: the account the relayer sends from. */
  relayer: Address
  /** The DVN's one multisig signer (quorum 1). */
  dvnSigner: Address
}

/** The DVN's verifier id (`vid`): signed into every instruction the DVN executes. */
export const devnetDvnVid = 1

const treasuryGasLimit = 100_000n
const treasuryNativeFeeCap = 10n ** 18n

/**
 * Deploys the LayerZero V2 stack of one chain from its npm artifacts: EndpointV2 (eid `eid`), SendUln302 and
 * ReceiveUln302 (registered on the endpoint), Treasury (set on the send library), PriceFeed, Executor with
 * ExecutorFeeLib and a DVN (quorum 1 of `dvnSigner`) with DVNFeeLib. The deployer owns everything; the
 * relayer is an admin of the Executor and the DVN. Paths to other chains are configured by `wireLayerZero`.
 */
export async function deployLayerZero(
  sender: ConfigSender,
  { eid, relayer, dvnSigner }: DeployLayerZeroParams,
): Promise<LayerZeroContracts> {
  const { client } = sender
  const owner = sender.account.address
  const endpoint = await deployBytecode(client, {
    ...getThirdPartyArtifact('EndpointV2'),
    args: [eid, owner],
  })
  const sendUln302 = await deployBytecode(client, {
    ...getThirdPartyArtifact('SendUln302'),
    args: [endpoint, treasuryGasLimit, treasuryNativeFeeCap],
  })
  const receiveUln302 = await deployBytecode(client, {
    ...getThirdPartyArtifact('ReceiveUln302'),
    args: [endpoint],
  })
  const treasury = await deployBytecode(client, getThirdPartyArtifact('Treasury'))
  const priceFeed = await deployBytecode(client, getThirdPartyArtifact('PriceFeed'))
  const executor = await deployBytecode(client, getThirdPartyArtifact('Executor'))
  const executorFeeLib = await deployBytecode(client, {
    ...getThirdPartyArtifact('ExecutorFeeLib'),
    args: [eid, 10n ** 18n],
  })
  const messageLibs = [sendUln302, receiveUln302]
  const dvn = await deployBytecode(client, {
    ...getThirdPartyArtifact('DVN'),
    args: [eid, devnetDvnVid, messageLibs, priceFeed, [dvnSigner], 1n, [owner, relayer]],
  })
  const dvnFeeLib = await deployBytecode(client, {
    ...getThirdPartyArtifact('DVNFeeLib'),
    args: [eid, 10n ** 18n],
  })
  const endpointAbi = getThirdPartyArtifact('EndpointV2').abi
  await sendConfigTxs(sender, [
    { to: endpoint, abi: endpointAbi, functionName: 'registerLibrary', args: [sendUln302] },
    { to: endpoint, abi: endpointAbi, functionName: 'registerLibrary', args: [receiveUln302] },
    {
      to: sendUln302,
      abi: getThirdPartyArtifact('SendUln302').abi,
      functionName: 'setTreasury',
      args: [treasury],
    },
    {
      to: priceFeed,
      abi: getThirdPartyArtifact('PriceFeed').abi,
      functionName: 'initialize',
      args: [owner],
    },
    {
      to: executor,
      abi: getThirdPartyArtifact('Executor').abi,
      functionName: 'initialize',
      args: [endpoint, zeroAddress, messageLibs, priceFeed, owner, [owner, relayer]],
    },
    {
      to: executor,
      abi: getThirdPartyArtifact('Executor').abi,
      functionName: 'setWorkerFeeLib',
      args: [executorFeeLib],
    },
    {
      to: dvn,
      abi: getThirdPartyArtifact('DVN').abi,
      functionName: 'setWorkerFeeLib',
      args: [dvnFeeLib],
    },
  ])
  return {
    eid,
    endpoint,
    sendUln302,
    receiveUln302,
    priceFeed,
    treasury,
    executor,
    executorFeeLib,
    dvn,
    dvnFeeLib,
  }
}

/** What the local chain's PriceFeed and workers need to know about one chain (local or remote). */
export interface LayerZeroPeerPricing {
  eid: number
  /** USD price of one whole native coin of that chain, scaled by 1e18. */
  nativeUsdE18: bigint
  /** Gas price on that chain, in wei. */
  gasPriceWei: bigint
}

export interface WireLayerZeroParams {
  local: LayerZeroContracts
  localPricing: LayerZeroPeerPricing
  remotes: readonly LayerZeroPeerPricing[]
}

/** Block confirmations the ULN requires on every path (the devnet mines on demand). */
export const devnetUlnConfirmations = 1n
const maxMessageSize = 10_000
const multiplierBps = 12_000
const executorBaseGas = { lzReceive: 100_000n, lzCompose: 100_000n }
const dvnVerifyGas = 200_000n
const executorNativeCap = 10n ** 18n

/**
 * Configures the local chain's LayerZero stack for every remote chain, once all chains are deployed: the
 * default send and receive libraries, the ULN config on both sides (our DVN required, no optional DVNs,
 * `devnetUlnConfirmations`), the default executor, the Executor's and DVN's destination gas, and PriceFeed
 * prices (native price ratio, gas price, 16 gas per calldata byte) for every remote eid and mainnet Ethereum's
 * model id 101 (the OP-stack model reads L1 from there), so `EndpointV2.quote()` returns a real nativeFee.
 */
export async function wireLayerZero(
  sender: ConfigSender,
  { local, localPricing, remotes }: WireLayerZeroParams,
): Promise<void> {
  const sendUlnAbi = getThirdPartyArtifact('SendUln302').abi
  const receiveUlnAbi = getThirdPartyArtifact('ReceiveUln302').abi
  const endpointAbi = getThirdPartyArtifact('EndpointV2').abi
  const ulnConfig = {
    confirmations: devnetUlnConfirmations,
    requiredDVNCount: 1,
    optionalDVNCount: 0,
    optionalDVNThreshold: 0,
    requiredDVNs: [local.dvn],
    optionalDVNs: [],
  }
  const ulnConfigs = remotes.map((r) => ({ eid: r.eid, config: ulnConfig }))
  const priceOf = (r: LayerZeroPeerPricing) => ({
    priceRatio: (r.nativeUsdE18 * 10n ** 20n) / localPricing.nativeUsdE18,
    gasPriceInUnit: r.gasPriceWei,
    gasPerByte: 16,
  })
  const prices = remotes.map((r) => ({ eid: r.eid % 30_000, price: priceOf(r) }))
  const ethereum = [localPricing, ...remotes].find((r) => r.eid % 30_000 === 101)
  if (ethereum && !prices.some((p) => p.eid === 101)) prices.push({ eid: 101, price: priceOf(ethereum) })
  const calls: ConfigCall[] = [
    { to: local.sendUln302, abi: sendUlnAbi, functionName: 'setDefaultUlnConfigs', args: [ulnConfigs] },
    {
      to: local.sendUln302,
      abi: sendUlnAbi,
      functionName: 'setDefaultExecutorConfigs',
      args: [remotes.map((r) => ({ eid: r.eid, config: { maxMessageSize, executor: local.executor } }))],
    },
    { to: local.receiveUln302, abi: receiveUlnAbi, functionName: 'setDefaultUlnConfigs', args: [ulnConfigs] },
    ...remotes.flatMap((r): ConfigCall[] => [
      {
        to: local.endpoint,
        abi: endpointAbi,
        functionName: 'setDefaultSendLibrary',
        args: [r.eid, local.sendUln302],
      },
      {
        to: local.endpoint,
        abi: endpointAbi,
        functionName: 'setDefaultReceiveLibrary',
        args: [r.eid, local.receiveUln302, 0n],
      },
    ]),
    {
      to: local.priceFeed,
      abi: getThirdPartyArtifact('PriceFeed').abi,
      functionName: 'setPrice',
      args: [prices],
    },
    {
      to: local.priceFeed,
      abi: getThirdPartyArtifact('PriceFeed').abi,
      functionName: 'setNativeTokenPriceUSD',
      args: [(localPricing.nativeUsdE18 * 10n ** 20n) / 10n ** 18n],
    },
    {
      to: local.executor,
      abi: getThirdPartyArtifact('Executor').abi,
      functionName: 'setDstConfig',
      args: [
        remotes.map((r) => ({
          dstEid: r.eid,
          lzReceiveBaseGas: executorBaseGas.lzReceive,
          lzComposeBaseGas: executorBaseGas.lzCompose,
          multiplierBps,
          floorMarginUSD: 0n,
          nativeCap: executorNativeCap,
        })),
      ],
    },
    {
      to: local.dvn,
      abi: getThirdPartyArtifact('DVN').abi,
      functionName: 'setDstConfig',
      args: [remotes.map((r) => ({ dstEid: r.eid, gas: dvnVerifyGas, multiplierBps, floorMarginUSD: 0n }))],
    },
  ]
  await sendConfigTxs(sender, calls)
}
