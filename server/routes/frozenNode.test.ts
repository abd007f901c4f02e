import { readFileSync } from 'node:fs'
import { zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAcrossProvider } from '../providers/across/createAcrossProvider'
import { createStargateProvider } from '../providers/stargate/createStargateProvider'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'

const FROZEN = 1
const OTHER = 42161
/**
 * An outage answers 503 within 2 s of the node freezing, on every path (a 1.5-s liveness read
 * every 250 ms). The bound leaves a loaded CI machine room; the old behaviour (200 for some 20 s) still fails it.
 */
const OUTAGE_ANSWER_MS = 3_500

/**
 * The anvil under the harness's watchdog shell (`startAnvil` runs it as a child of `sh`): stopping the shell
 * alone would leave the node answering.
 */
function findAnvilPid(shellPid: number): number {
  const children = readFileSync(`/proc/${shellPid}/task/${shellPid}/children`, 'utf8').trim().split(/\s+/)
  const anvil = children.map(Number).find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'anvil'
    } catch {
      return false
    }
  })
  if (anvil === undefined) throw new Error(`no anvil under shell ${shellPid}`)
  return anvil
}

describe('a frozen chain node answers 503 within 2 s on every path, and quotes come back when it thaws', () => {
  let h: DevnetHarness
  let anvilPid: number

  beforeAll(async () => {
    h = await startDevnetHarness({
      chainIds: [FROZEN, OTHER],
      // it freezes a node: the anvils are its own, not the worker's shared ones
      ownDevnet: true,
      watchLiveness: true,
      crossProviders: ({ deployments, markets }) => [
        createStargateProvider({ deployments, markets }),
        createAcrossProvider({ deployments, markets }),
      ],
    })
    const rpcUrl = h.deployment(FROZEN).rpcUrl
    const anvil = h.devnet.anvils.find((a) => a.rpcUrl === rpcUrl)
    if (anvil?.process.pid === undefined) throw new Error(`no anvil for chain ${FROZEN}`)
    anvilPid = findAnvilPid(anvil.process.pid)
  }, 600_000)
  afterAll(async () => {
    await h?.stop()
  })

  const usdc = () => h.token(FROZEN, 'USDC').address
  const single = () =>
    `/trade/v1/${FROZEN}/quote/single?${new URLSearchParams({
      fromTokenAddress: zeroAddress,
      toTokenAddress: usdc(),
      amount: '1000000000000000000',
    })}`
  const estimated = () =>
    `/trade/v1/${FROZEN}/quote/single?${new URLSearchParams({
      fromTokenAddress: zeroAddress,
      toTokenAddress: usdc(),
      amount: '1000000000000000000',
      sender: h.account(0).address,
      disableEstimate: 'false',
    })}`
  const cross = () =>
    `/trade/v1/${FROZEN}/quote/cross?${new URLSearchParams({
      fromTokenAddress: usdc(),
      toTokenAddress: h.token(OTHER, 'USDC').address,
      amount: '1000000000',
      destinationChainId: String(OTHER),
      sender: h.account(0).address,
      receiver: h.account(0).address,
      slippage: '0.01',
      disableEstimate: 'true',
    })}`
  // the frozen chain as the destination: a quote from the other chain
  const crossInto = () =>
    `/trade/v1/${OTHER}/quote/cross?${new URLSearchParams({
      fromTokenAddress: h.token(OTHER, 'USDC').address,
      toTokenAddress: usdc(),
      amount: '1000000000',
      destinationChainId: String(FROZEN),
      sender: h.account(0).address,
      receiver: h.account(0).address,
      slippage: '0.01',
      disableEstimate: 'true',
    })}`
  const swap = () =>
    `/trade/v1/${FROZEN}/swap/single?${new URLSearchParams({
      fromTokenAddress: zeroAddress,
      toTokenAddress: usdc(),
      amount: '1000000000000000000',
      sender: h.account(0).address,
    })}`
  const allowance = () =>
    `/trade/v1/${FROZEN}/approval/allowance?${new URLSearchParams({
      tokenAddress: usdc(),
      walletAddress: h.account(0).address,
    })}`
  const approval = () =>
    `/trade/v1/${FROZEN}/approval/transaction?${new URLSearchParams({
      tokenAddress: usdc(),
      walletAddress: h.account(0).address,
    })}`
  const paths = () => [single(), estimated(), cross(), crossInto(), swap(), allowance(), approval()]

  /** Status and error code of `path`, and when it answered (ms since `since`). */
  const ask = async (path: string, since: number) => {
    const res = await h.request(path)
    const body = (await res.json()) as { error?: { code: string } }
    return { path, status: res.status, code: body.error?.code, atMs: Date.now() - since }
  }
  /** Asks `path` until it answers `status` (the chain's liveness read settles in ~1.5 s), at most 20 s. */
  const askUntil = async (path: string, status: number, since: number) => {
    for (;;) {
      const answer = await ask(path, since)
      if (answer.status === status || answer.atMs > 20_000) return answer
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  it('quote/single, quote/cross, swap/single and the approval endpoints', async () => {
    const start = Date.now()
    for (const path of paths()) expect((await askUntil(path, 200, start)).status).toBe(200)

    process.kill(anvilPid, 'SIGSTOP')
    const frozenAt = Date.now()
    try {
      // asked at once: each answers from the snapshot or waits on the node, then 503 by the deadline
      const during = await Promise.all(paths().map((path) => askUntil(path, 503, frozenAt)))
      expect(during.map(({ path, status, code }) => ({ path, status, code }))).toEqual(
        paths().map((path) => ({ path, status: 503, code: 'UPSTREAM_UNAVAILABLE' })),
      )
      for (const answer of during) expect(answer.atMs).toBeLessThan(OUTAGE_ANSWER_MS)
      // and while it stays frozen, every later call answers 503 at once
      const later = await Promise.all(paths().map((path) => ask(path, Date.now())))
      expect(later.map(({ status, code }) => [status, code])).toEqual(
        paths().map(() => [503, 'UPSTREAM_UNAVAILABLE']),
      )
      for (const answer of later) expect(answer.atMs).toBeLessThan(OUTAGE_ANSWER_MS)
    } finally {
      process.kill(anvilPid, 'SIGCONT')
    }
    const thawedAt = Date.now()
    const after = await Promise.all(paths().map((path) => askUntil(path, 200, thawedAt)))
    expect(after.map(({ path, status }) => ({ path, status }))).toEqual(
      paths().map((path) => ({ path, status: 200 })),
    )
  }, 120_000)
})
