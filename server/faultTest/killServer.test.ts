import { createHash } from 'node:crypto'
import { type FSWatcher, mkdirSync, watch } from 'node:fs'
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  maxUint256,
  type PublicClient,
  zeroAddress,
} from 'viem'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { computeDevnetVersion } from '../../devnet/computeDevnetVersion'
import { devMnemonic } from '../../devnet/devAccounts'
import { createBitcoinRpcClient } from '../../devnet/utxo/createBitcoinRpcClient'
import { bitcoinSpec } from '../../devnet/utxo/utxoChainSpecs'
import { copyPgliteTemplate } from '../store/copyPgliteTemplate'
import { allocateTestPorts } from '../testing/allocateTestPorts'
import { seedDevnetSnapshot } from '../testing/seedDevnetSnapshot'
import { type ServerProcess, startServerProcess } from '../testing/startServerProcess'
import { createReplayWallet, type ReplayWallet } from './createReplayWallet'

/*
 * The fault test of issue 36: the whole `npm start` (server, anvils, bridge roles, liquidity network and its
 * nodes) is killed with SIGKILL while trades of every kind are in flight, started again on the same DATA_DIR,
 * and every trade is then checked against the chains: delivered exactly once with the quoted amount, and every
 * status the API gives (info/tx, the gasless order status) true of the chain.
 *
 * A crash rolls each anvil back to its last state save (every 5 s), as a reorg would; the user's own
 * transactions lost with it are broadcast again by the test, as a node's mempool or a wallet would.
 *
 * Kill 1: every origin transaction of the first trades mined (Stargate, Across, ETH -> BTC through the liquidity
 * network, a gasless order executed or under way), at the moment a chain state is being written.
 * Kill 2: the liquidity network marked the payout of a BTC -> ETH trade sent, while the second trades are in
 * flight and the first ones have just been delivered.
 */

const BTC = -3980891822
const E8 = 10n ** 8n
const btc = bitcoinSpec()
/** Every devnet port (anvils from +0, UTXO nodes from +20, THORNode +25, the Hub +26) and the server's. */
const ports = await allocateTestPorts(28)
const port = ports
const devnetPortBase = ports + 1

type Offer = {
  tradeProtocol: string
  dstTrade: { toTokenAmount: string }
  transactionData: Record<string, unknown>
}
type CrossStatus = { status: string; amountReceived: string | null; dstTxHash: string | null }
type GaslessView = { status: string; amountOut: string | null; txCompleted: string | null }

/** A trade in flight and how to tell, from the chains alone, that it ended as quoted. */
interface Trade {
  name: string
  /** The API's id of the trade: an origin transaction (info/tx) or a gasless order id. */
  id: string
  kind: 'cross' | 'gasless'
  /** What the receiver must hold in the end (it held nothing of it before, but for gasless: see `before`). */
  expected: bigint
  balance: () => Promise<bigint>
  before: bigint
  destinationChainId: number
  /** What the trade showed at each kill. */
  stages: string[]
}

let dataDir: string
let server: ServerProcess
let rpcUrls: Map<number, string>
const readers = new Map<number, PublicClient>()
const trades: Trade[] = []
const wallets: ReplayWallet[] = []
/** Signed BTC deposits, broadcast again after a crash in case the node lost them. */
const btcDeposits: string[] = []

const api = async <T>(pathAndQuery: string, init?: RequestInit): Promise<{ status: number; body: T }> => {
  const res = await fetch(`${server.baseUrl}${pathAndQuery}`, init)
  return { status: res.status, body: (await res.json()) as T }
}
const post = <T>(pathAndQuery: string, body: unknown) =>
  api<T>(pathAndQuery, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
const ok = <T>(answer: { status: number; body: T }, what: string): T => {
  if (answer.status !== 200)
    throw new Error(
      `${what}: ${answer.status} ${JSON.stringify(answer.body)}\n${server.output().slice(-4000)}`,
    )
  return answer.body
}
const reader = (chainId: number) => {
  let found = readers.get(chainId)
  if (found === undefined) {
    found = createPublicClient({ transport: http(rpcUrls.get(chainId) ?? '') })
    readers.set(chainId, found)
  }
  return found
}
const deployment = (chainId: number) => {
  const found = server.deployments.find((d) => d.chainId === chainId)
  if (found === undefined) throw new Error(`no chain ${chainId}`)
  return found
}
const tokenOf = (chainId: number, symbol: string) => {
  const found = deployment(chainId).tokens.find((t) => t.symbol === symbol)
  if (found === undefined) throw new Error(`no ${symbol} on ${chainId}`)
  return found.address
}
const balanceOf = (chainId: number, token: Address, owner: Address) =>
  token === zeroAddress
    ? reader(chainId).getBalance({ address: owner })
    : reader(chainId).readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [owner],
      })
const devWallet = (index: number) => {
  const wallet = createReplayWallet(mnemonicToAccount(devMnemonic, { addressIndex: index }), rpcUrls)
  wallets.push(wallet)
  return wallet
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 180_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read().catch(() => undefined)
    if (value !== undefined) return value
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}\n${server.output().slice(-4000)}`)
    await sleep(250)
  }
}

async function start() {
  server = await startServerProcess({
    port,
    devnetPortBase,
    dataDir,
    // the relayer delivers a second after the send, so a kill finds packets in flight and delivered ones; no
    // quote warm-up: it only speeds the first quotes, and each of the three starts would wait for it
    env: { DEVNET_RELAY_DELAY_MS: '1000', ROUTING_WORKERS: '0', LOG_LEVEL: 'info', QUOTE_WARM_UP: 'false' },
  })
  rpcUrls = new Map(server.deployments.map((d) => [d.chainId, d.rpcUrl]))
  readers.clear()
}

/** Notes each trade's status as the API gives it just before a kill is awaited. */
async function noteStages(stage: string) {
  for (const trade of trades) trade.stages.push(`${stage}: ${await statusOf(trade)}`)
}

/** Each chain's head (number and time), for the failure message: how far a crash rolled each chain back. */
const rollbacks: string[] = []
const heads = async () =>
  Object.fromEntries(
    await Promise.all(
      [...rpcUrls.keys()].map(async (chainId) => {
        const block = await reader(chainId)
          .getBlock()
          .catch(() => undefined)
        return [chainId, block === undefined ? 'unread' : `${block.number}@${block.timestamp}`] as const
      }),
    ),
  )

/** Kills everything, starts again on the same data dir, and puts the users' lost transactions back. */
async function crashAndRestart() {
  const before = await heads()
  const live = path.join(dataDir, 'devnet', computeDevnetVersion('small'), 'live')
  const files = await readdir(live).catch(() => [] as string[])
  const listing = await Promise.all(
    // a temporary file may be renamed between the listing and its stat
    files.map(async (f) => {
      const mtime = await stat(path.join(live, f)).then(
        (s) => Math.floor(s.mtimeMs / 1000),
        () => 'gone',
      )
      return `${f}@${mtime}`
    }),
  )
  const devnetLines = server
    .output()
    .split('\n')
    .filter((line) => /"component":"devnet"|sav/i.test(line))
    .slice(-30)
  rollbacks.push(
    `before kill at ${Math.floor(Date.now() / 1000)}: ${listing.join(' ')}\n${devnetLines.join('\n')}`,
  )
  await server.kill()
  await start()
  rollbacks.push(
    `at ${Math.floor(Date.now() / 1000)}: ${JSON.stringify(before)} -> ${JSON.stringify(await heads())}`,
  )
  for (const wallet of wallets) await wallet.replay()
  for (const hex of btcDeposits) await post(`/devnet/utxo/${BTC}/broadcast`, { hex }).catch(() => undefined)
}

async function statusOf(trade: Trade): Promise<string> {
  if (trade.kind === 'gasless') {
    const view = await api<{ response: GaslessView }>(`/trade/v1/gasless/status/${trade.id}`)
    return view.body.response?.status ?? String(view.status)
  }
  const view = await api<CrossStatus>(`/trade/v1/info/tx/${trade.id}`)
  return view.status === 200 ? view.body.status : String(view.status)
}

/** Resolves when a chain state save is being written (its `.tmp` file appears), or after `timeoutMs`. */
function nextStateSave(timeoutMs: number): Promise<boolean> {
  const live = path.join(dataDir, 'devnet', computeDevnetVersion('small'), 'live')
  return new Promise((resolve) => {
    let watcher: FSWatcher | undefined
    const done = (seen: boolean) => {
      watcher?.close()
      clearTimeout(timer)
      resolve(seen)
    }
    const timer = setTimeout(() => done(false), timeoutMs)
    // the devnet makes the folder at its first save, which may be the one awaited
    mkdirSync(live, { recursive: true })
    watcher = watch(live, (_event, file) => {
      if (file?.endsWith('.tmp') === true) done(true)
    })
  })
}

/** Quotes `source` -> `destination` through the API and returns the offer of `protocol`. */
async function quoteCross(params: {
  source: number
  destination: number
  from: string
  to: string
  amount: bigint
  sender: string
  receiver: string
  protocol: string
}): Promise<Offer> {
  const query = new URLSearchParams({
    fromTokenAddress: params.from,
    toTokenAddress: params.to,
    amount: params.amount.toString(),
    destinationChainId: String(params.destination),
    sender: params.sender,
    receiver: params.receiver,
    slippage: '0.01',
    disableEstimate: 'true',
  })
  // a provider's quote can time out while the machine is busy: asked again, as a user would, for a minute
  return until(
    `a ${params.protocol} offer`,
    async () => {
      const answer = await api<Offer[]>(`/trade/v1/${params.source}/quote/cross?${query}`)
      return answer.status === 200 ? answer.body.find((o) => o.tradeProtocol === params.protocol) : undefined
    },
    60_000,
  )
}

/** A cross-chain trade from an EVM chain: quoted, built by swap/cross, approved and sent by `wallet`. */
async function sendEvmCross(
  name: string,
  wallet: ReplayWallet,
  params: {
    source: number
    destination: number
    from: Address
    to: Address
    amount: bigint
    protocol: string
  },
  receiver: { address: string; balance: () => Promise<bigint> },
): Promise<{ trade: Trade; hash: Hex }> {
  const offer = await quoteCross({ ...params, sender: wallet.address, receiver: receiver.address })
  const swap = ok(
    await post<{ to: Address; data: Hex; nativeValue?: string; approvalAddress?: Address }>(
      `/trade/v1/${params.source}/swap/cross`,
      { transactionData: offer.transactionData, account: wallet.address },
    ),
    `swap ${name}`,
  )
  if (swap.approvalAddress !== undefined && params.from !== zeroAddress) {
    const approve = await wallet.send(params.source, {
      to: params.from,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [swap.approvalAddress, maxUint256],
      }),
    })
    await wallet.receipt(params.source, approve)
  }
  const hash = await wallet.send(params.source, {
    to: swap.to,
    data: swap.data,
    value: BigInt(swap.nativeValue ?? '0'),
    gas: 2_500_000n,
  })
  const trade: Trade = {
    name,
    id: hash,
    kind: 'cross',
    expected: BigInt(offer.dstTrade.toTokenAmount),
    balance: receiver.balance,
    before: 0n,
    destinationChainId: params.destination,
    stages: [],
  }
  trades.push(trade)
  return { trade, hash }
}

/** A fresh EVM receiver of `token` on `chainId`. */
const evmReceiver = (chainId: number, token: Address) => {
  const address = privateKeyToAccount(generatePrivateKey()).address
  return { address, balance: () => balanceOf(chainId, token, address) }
}

/** A fresh BTC key (regtest, segwit) and what its address holds. */
const btcKey = (seed: string) => {
  const key = new btc.lib.PrivateKey(
    createHash('sha256').update(`${seed} ${Date.now()}`).digest('hex'),
    btc.network,
  )
  const address = key.toAddress(btc.network, btc.addressType).toString()
  const balance = async () => {
    const { unspent } = ok(
      await api<{ unspent: { amount: string }[] }>(`/devnet/utxo/${BTC}/unspent?address=${address}`),
      'unspent',
    )
    return unspent.reduce((sum, coin) => sum + BigInt(coin.amount), 0n)
  }
  return { key, address, balance }
}

/** A gasless order of `wallet` on `chainId` (USDC to the wrapped native), signed and posted. */
async function sendGasless(name: string, wallet: ReplayWallet, index: number, chainId: number) {
  const usdc = tokenOf(chainId, 'USDC')
  const weth = deployment(chainId).wrappedNative
  const approve = await wallet.send(chainId, {
    to: usdc,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [deployment(chainId).permit2, maxUint256],
    }),
  })
  await wallet.receipt(chainId, approve)
  const before = await balanceOf(chainId, weth, wallet.address)
  const est = ok(
    await post<{ amountOut: string; transactionData: { order: Record<string, string>; call: unknown[] } }>(
      '/v1/gasless/estimate',
      {
        parameters: { chainId, srcToken: usdc, dstToken: weth, amount: '1000000000', sender: wallet.address },
      },
    ),
    'gasless estimate',
  )
  const typed = ok(
    await post<{
      domain: { name: string; version?: string; chainId: number; verifyingContract: Address }
      types: Record<string, { name: string; type: string }[]>
      primaryType: string
      message: { nonce: string; witness: Record<string, string> } & Record<string, unknown>
    }>('/trade/v1/gasless/typed-data', {
      transactionData: est.transactionData,
      sender: wallet.address,
      chainId,
    }),
    'gasless typed data',
  )
  const { EIP712Domain: _domain, ...types } = typed.types
  const signature = await mnemonicToAccount(devMnemonic, { addressIndex: index }).signTypedData({
    domain: typed.domain,
    types,
    primaryType: typed.primaryType,
    message: typed.message,
  })
  const created = ok(
    await post<{ orderId: string }>('/v1/gasless/create', {
      chainFrom: chainId,
      order: { ...typed.message.witness, nonce: typed.message.nonce },
      call: est.transactionData.call,
      signature,
    }),
    'gasless create',
  )
  const trade: Trade = {
    name,
    id: created.orderId,
    kind: 'gasless',
    expected: BigInt(est.amountOut),
    balance: () => balanceOf(chainId, weth, wallet.address),
    before,
    destinationChainId: chainId,
    stages: [],
  }
  trades.push(trade)
  return trade
}

/** BTC -> the native coin of `destination`: a deposit with the quote's memo, signed here and relayed by the API. */
async function sendBtcToEvm(name: string, destination: number, amount: bigint) {
  const user = btcKey(name)
  ok(await post(`/devnet/utxo/${BTC}/faucet`, { address: user.address }), 'faucet')
  const receiver = evmReceiver(destination, zeroAddress)
  const offer = await quoteCross({
    source: BTC,
    destination,
    from: zeroAddress,
    to: zeroAddress,
    amount,
    sender: user.address,
    receiver: receiver.address,
    protocol: 'CROSS_CHAIN_THORCHAIN',
  })
  const swap = ok(
    await post<{ data: { params: { recipient: string; amount: { amount: string }; memo: string }[] } }>(
      `/trade/v1/${BTC}/swap/cross`,
      { transactionData: offer.transactionData, nativeValue: '0', account: user.address },
    ),
    'swap BTC',
  )
  const deposit = swap.data.params[0]
  if (deposit === undefined) throw new Error(`no deposit in ${JSON.stringify(swap)}`)
  const { unspent } = ok(
    await api<{ unspent: { txid: string; vout: number; script: string; amount: string }[] }>(
      `/devnet/utxo/${BTC}/unspent?address=${user.address}`,
    ),
    'unspent',
  )
  const tx = new btc.lib.Transaction()
    .from(
      unspent.map((coin) => ({
        txId: coin.txid,
        outputIndex: coin.vout,
        script: coin.script,
        satoshis: Number(coin.amount),
      })),
    )
    .to(new btc.lib.Address(deposit.recipient, btc.network), Number(deposit.amount.amount))
    .addData(Buffer.from(deposit.memo, 'utf8'))
    .change(user.address)
    .fee(1_000)
    .sign(user.key)
  const hex: string = tx.serialize(true)
  btcDeposits.push(hex)
  const { txid } = ok(await post<{ txid: string }>(`/devnet/utxo/${BTC}/broadcast`, { hex }), 'broadcast')
  const trade: Trade = {
    name,
    id: txid,
    kind: 'cross',
    expected: BigInt(offer.dstTrade.toTokenAmount),
    balance: receiver.balance,
    before: 0n,
    destinationChainId: destination,
    stages: [],
  }
  trades.push(trade)
  return trade
}

/** THORNode's record of a liquidity-network inbound has a payout marked sent. */
const outboundSent = async (txId: string) => {
  const res = await fetch(
    `${server.baseUrl.replace(/:\d+$/, `:${devnetPortBase + 25}`)}/thorchain/tx/status/${txId.replace(/^0x/, '')}`,
  )
  if (res.status !== 200) return undefined
  const body = (await res.json()) as { out_txs?: unknown[] }
  return body.out_txs !== undefined && body.out_txs.length > 0 ? true : undefined
}

/** Resolves once the trade's API status says it ended. */
const ended = async (trade: Trade) => {
  const status = await statusOf(trade)
  return ['DELIVERED', 'FAILED', 'completed', 'failed', 'cancelled'].includes(status) ? status : undefined
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kill-server-'))
  // the deploy snapshot other test files share, when it is there: a load in seconds instead of a deploy; and
  // a migrated empty database for the same reason (e2e covers a server creating its own)
  await seedDevnetSnapshot(dataDir)
  await copyPgliteTemplate(path.join(dataDir, 'db'))
  await start()
}, 600_000)

afterAll(async () => {
  await server?.kill()
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true })
})

describe('the whole server killed with SIGKILL while trades are in flight', () => {
  it('every trade ends delivered exactly once with the quoted amount, and every status says what the chain holds', async () => {
    // Round 1: one trade of each kind, sent at once; killed once every origin is mined, during a state save.
    const stargateWallet = devWallet(1)
    const acrossWallet = devWallet(2)
    const ethBtcWallet = devWallet(3)
    const gaslessWallet = devWallet(5)
    const btcReceiver = btcKey('eth to btc receiver')
    const [stargate, across, ethBtc] = await Promise.all([
      sendEvmCross(
        'Stargate USDC 1 -> 42161',
        stargateWallet,
        {
          source: 1,
          destination: 42161,
          from: tokenOf(1, 'USDC'),
          to: tokenOf(42161, 'USDC'),
          amount: 1_000_000_000n,
          protocol: 'CROSS_CHAIN_STARGATE',
        },
        evmReceiver(42161, tokenOf(42161, 'USDC')),
      ),
      sendEvmCross(
        'Across USDC 10 -> 42161',
        acrossWallet,
        {
          source: 10,
          destination: 42161,
          from: tokenOf(10, 'USDC'),
          to: tokenOf(42161, 'USDC'),
          amount: 500_000_000n,
          protocol: 'CROSS_CHAIN_ACROSS',
        },
        evmReceiver(42161, tokenOf(42161, 'USDC')),
      ),
      sendEvmCross(
        'liquidity network ETH 1 -> BTC',
        ethBtcWallet,
        {
          source: 1,
          destination: BTC,
          from: zeroAddress,
          to: zeroAddress,
          amount: 5n * 10n ** 17n,
          protocol: 'CROSS_CHAIN_THORCHAIN',
        },
        btcReceiver,
      ),
    ])
    const gasless = await sendGasless('gasless USDC -> WETH on 8453', gaslessWallet, 5, 8453)
    await Promise.all([
      stargateWallet.receipt(1, stargate.hash),
      acrossWallet.receipt(10, across.hash),
      ethBtcWallet.receipt(1, ethBtc.hash),
      until('the gasless order broadcast', async () => {
        const view = await api<{ response: GaslessView }>(`/trade/v1/gasless/status/${gasless.id}`)
        return view.body.response.status === 'pending' ? undefined : true
      }),
    ])
    await noteStages('kill 1 (origins mined, at the next state save)')
    const duringSave = await nextStateSave(8_000)
    await crashAndRestart()
    expect(duringSave).toBe(true)

    // Round 2: the ETH -> BTC trade settles first (a BTC -> ETH trade quoted meanwhile would see its pools
    // move), then a trade of each kind again; killed when the network marks the BTC -> ETH payout sent.
    await until('the ETH -> BTC payout', () => outboundSent(ethBtc.hash))
    const [btcEth] = await Promise.all([
      sendBtcToEvm('liquidity network BTC -> ETH 1', 1, E8 / 10n),
      sendEvmCross(
        'Stargate USDC 42161 -> 1',
        devWallet(6),
        {
          source: 42161,
          destination: 1,
          from: tokenOf(42161, 'USDC'),
          to: tokenOf(1, 'USDC'),
          amount: 700_000_000n,
          protocol: 'CROSS_CHAIN_STARGATE',
        },
        evmReceiver(1, tokenOf(1, 'USDC')),
      ),
      sendEvmCross(
        'Across USDC 8453 -> 10',
        devWallet(7),
        {
          source: 8453,
          destination: 10,
          from: tokenOf(8453, 'USDC'),
          to: tokenOf(10, 'USDC'),
          amount: 300_000_000n,
          protocol: 'CROSS_CHAIN_ACROSS',
        },
        evmReceiver(10, tokenOf(10, 'USDC')),
      ),
      sendGasless('gasless USDC -> WETH on 1', devWallet(8), 8, 1),
    ])
    await noteStages('kill 2 (when a network payout is marked sent)')
    await until('the BTC -> ETH payout', () => outboundSent(btcEth.id))
    await crashAndRestart()

    // Every trade ends, then its status, its receipt and the receiver's balance must agree.
    for (const trade of trades) await until(`${trade.name} to end`, () => ended(trade), 240_000)
    const results = await Promise.all(
      trades.map(async (trade) => {
        const received = (await trade.balance()) - trade.before
        let status: string
        let onChain = 'no transaction'
        if (trade.kind === 'gasless') {
          const view = (await api<{ response: GaslessView }>(`/trade/v1/gasless/status/${trade.id}`)).body
            .response
          status = `${view.status} ${view.amountOut}`
          if (view.txCompleted !== null)
            onChain = await receiptStatus(trade.destinationChainId, view.txCompleted)
        } else {
          const view = (await api<CrossStatus>(`/trade/v1/info/tx/${trade.id}`)).body
          status = `${view.status} ${view.amountReceived}`
          if (view.dstTxHash !== null) onChain = await receiptStatus(trade.destinationChainId, view.dstTxHash)
        }
        return { name: trade.name, received, status, onChain, stages: trade.stages }
      }),
    )
    expect(results, `${rollbacks.join('\n')}\n${server.output().slice(-6000)}`).toEqual(
      trades.map((trade) => ({
        name: trade.name,
        received: trade.expected,
        status: `${trade.kind === 'gasless' ? 'completed' : 'DELIVERED'} ${trade.expected}`,
        onChain: 'success',
        stages: trade.stages,
      })),
    )
  }, 900_000)
})

/** The receipt status of `hash` (an EVM hash, or a BTC txid the node holds). */
async function receiptStatus(chainId: number, hash: string): Promise<string> {
  if (chainId === BTC) {
    const tx = await createBitcoinRpcClient({ url: `http://127.0.0.1:${devnetPortBase + 20}` })
      .getRawTransaction(hash)
      .catch(() => undefined)
    return tx !== undefined && tx.confirmations > 0 ? 'success' : 'not mined'
  }
  const receipt = await reader(chainId)
    .getTransactionReceipt({ hash: hash as Hex })
    .catch(() => undefined)
  return receipt?.status ?? 'no receipt'
}
