import { secp256k1 } from '@noble/curves/secp256k1'
import { p2wpkh, TEST_NETWORK } from '@scure/btc-signer'
import { createWalletClient, type Hex, http, parseEther, publicActions, zeroAddress } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { devMnemonic } from '../devnet/devAccounts'
import { startBenchServer } from './startBenchServer'

/*
 * `npm run bench:cross`: latency of GET quote/cross (Stargate between EVM chains, with and without a destination
 * swap; the liquidity network for ETH to BTC) and the time from an origin transaction's receipt to `info/tx`
 * answering DELIVERED, on the devnet started by `npm start` in a child process (ports 23000+), with the
 * LayerZero relayer's deliberate delay (DEVNET_RELAY_DELAY_MS) set to 0 so the figure is the system's own.
 * Prints figures; asserts nothing.
 */

const PORT = 23000
const DEVNET_PORT_BASE = 23001
const QUOTES_PER_PAIR = 100
const WARMUP = 10
const DELIVERIES = 5
const BTC = -3980891822

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b)
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms`
}

const server = await startBenchServer({
  port: PORT,
  devnetPortBase: DEVNET_PORT_BASE,
  dataDirName: 'tributary-bench-cross',
  env: { DEVNET_RELAY_DELAY_MS: '0' },
})
try {
  const chain = (id: number) => {
    const found = server.deployments.find((d) => d.chainId === id)
    if (found === undefined) throw new Error(`no chain ${id} on the devnet`)
    return found
  }
  const usdc = chain(1).tokens.find((t) => t.symbol === 'USDC')?.address
  if (usdc === undefined) throw new Error('no USDC on chain 1')
  const account = mnemonicToAccount(devMnemonic, { addressIndex: 3 })
  // A regtest P2WPKH address (the devnet's Bitcoin ledger) of a fixed key, as the liquidity network's receiver.
  const btcReceiver = p2wpkh(secp256k1.getPublicKey(new Uint8Array(32).fill(1), true), {
    ...TEST_NETWORK,
    bech32: 'bcrt',
  }).address
  if (btcReceiver === undefined) throw new Error('no regtest address')

  const pairs = [
    {
      name: 'ETH on Ethereum to ETH on Arbitrum (Stargate)',
      from: zeroAddress,
      to: zeroAddress,
      dst: 42161,
      amount: parseEther('1'),
      receiver: account.address,
    },
    {
      name: 'USDC on Ethereum to WETH on Arbitrum (Stargate + destination swap)',
      from: usdc,
      to: chain(42161).wrappedNative,
      dst: 42161,
      amount: 2_500_000_000n,
      receiver: account.address,
    },
    {
      name: 'ETH on Ethereum to BTC (liquidity network)',
      from: zeroAddress,
      to: zeroAddress,
      dst: BTC,
      amount: parseEther('1'),
      receiver: btcReceiver,
    },
  ]
  const quote = async (pair: (typeof pairs)[number], sender: string) => {
    const query = new URLSearchParams({
      fromTokenAddress: pair.from,
      toTokenAddress: pair.to,
      amount: pair.amount.toString(),
      destinationChainId: String(pair.dst),
      sender,
      receiver: pair.receiver,
      slippage: '0.01',
      disableEstimate: 'true',
    })
    const started = performance.now()
    const res = await fetch(`${server.baseUrl}/trade/v1/1/quote/cross?${query}`)
    const body = (await res.json()) as unknown
    if (res.status !== 200) throw new Error(`quote/cross ${pair.name}: ${res.status} ${JSON.stringify(body)}`)
    return { ms: performance.now() - started, body }
  }

  console.log(
    `quote/cross latency, one client, ${QUOTES_PER_PAIR} requests per pair after ${WARMUP} warm-up:`,
  )
  for (const pair of pairs) {
    for (let i = 0; i < WARMUP; i++) await quote(pair, account.address)
    const ms: number[] = []
    for (let i = 0; i < QUOTES_PER_PAIR; i++) ms.push((await quote(pair, account.address)).ms)
    console.log(`  ${pair.name}: ${summary(ms)}`)
  }

  const wallet = createWalletClient({ account, transport: http(chain(1).rpcUrl) }).extend(publicActions)
  const [ethPair] = pairs
  if (ethPair === undefined) throw new Error('no pair')
  const delivery: number[] = []
  for (let i = 0; i < DELIVERIES; i++) {
    const { body } = await quote({ ...ethPair, amount: parseEther('0.5') }, account.address)
    const [best] = body as { transactionData: unknown }[]
    const swapRes = await fetch(`${server.baseUrl}/trade/v1/1/swap/cross`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transactionData: best?.transactionData, account: account.address }),
    })
    const swap = (await swapRes.json()) as { to: Hex; data: Hex; nativeValue: string }
    const hash = await wallet.sendTransaction({
      chain: null,
      to: swap.to,
      data: swap.data,
      value: BigInt(swap.nativeValue),
      gas: 2_500_000n,
    })
    await wallet.waitForTransactionReceipt({ hash, pollingInterval: 100 })
    const confirmed = performance.now()
    for (;;) {
      const res = await fetch(`${server.baseUrl}/trade/v1/info/tx/${hash}`)
      const status = res.status === 200 ? ((await res.json()) as { status: string }).status : 'UNSEEN'
      if (status === 'DELIVERED' || status === 'FAILED') break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    delivery.push(performance.now() - confirmed)
  }
  console.log(
    `origin receipt to DELIVERED (ETH Ethereum to Arbitrum through Stargate, relayer delay 0, ${DELIVERIES} trades): ${summary(delivery)}`,
  )
} finally {
  await server.close()
}
