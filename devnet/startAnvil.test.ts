import { execFile, spawn } from 'node:child_process'
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { allocateTestPorts } from '../server/testing/allocateTestPorts'
import { readSavedHead, savedHeadPath } from './savedHead'
import { AnvilStartError, dumpAnvilState, resolveAnvilBinary, startAnvil, stopAllAnvils } from './startAnvil'

const PORT = await allocateTestPorts(8)

async function answers(rpcUrl: string) {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    })
    return response.ok
  } catch {
    return false
  }
}

async function latestBlock(rpcUrl: string): Promise<{ number: number; timestamp: number }> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getBlockByNumber',
      params: ['latest', false],
    }),
  })
  const { result } = (await response.json()) as { result: { number: string; timestamp: string } }
  return { number: Number(result.number), timestamp: Number(result.timestamp) }
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return false
}

afterAll(stopAllAnvils)

describe('startAnvil', () => {
  it('starts on the chain id and port, dumps state, and stops', async () => {
    const anvil = await startAnvil({ chainId: 56, port: PORT })
    expect(anvil.rpcUrl).toBe(`http://127.0.0.1:${PORT}`)
    const state = await dumpAnvilState(anvil.rpcUrl)
    expect(state.startsWith('0x1f8b')).toBe(true) // gzip magic
    await anvil.stop()
    expect(await answers(anvil.rpcUrl)).toBe(false)
  })

  it('rejects when the port already serves another chain', async () => {
    const first = await startAnvil({ chainId: 1, port: PORT + 1 })
    await expect(startAnvil({ chainId: 2, port: PORT + 1, startTimeoutMs: 3_000 })).rejects.toThrow(
      AnvilStartError,
    )
    expect(await answers(first.rpcUrl)).toBe(true)
    await first.stop()
  })

  it('stopAllAnvils stops every running instance', async () => {
    const a = await startAnvil({ chainId: 10, port: PORT + 2 })
    const b = await startAnvil({ chainId: 137, port: PORT + 3 })
    await stopAllAnvils()
    expect([await answers(a.rpcUrl), await answers(b.rpcUrl)]).toEqual([false, false])
  })

  it('a chain loaded from a state dumped long ago resumes at the clock, one block past the state', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'anvil-old-state-'))
    const statePath = path.join(dir, 'state.json')
    // a state whose head is from November 2023: genesis at 1_700_000_000, dumped when anvil stops
    await promisify(execFile)('sh', [
      '-c',
      `"$0" --port ${PORT + 5} --chain-id 8453 --timestamp 1700000000 --dump-state "$1" --quiet & pid=$!; sleep 1; kill -INT $pid; wait $pid`,
      resolveAnvilBinary(),
      statePath,
    ])
    const before = Math.floor(Date.now() / 1000)
    const loaded = await startAnvil({ chainId: 8453, port: PORT + 5, loadStatePath: statePath })
    const head = await latestBlock(loaded.rpcUrl)
    await loaded.stop()
    await rm(dir, { recursive: true, force: true })
    expect(head.number).toBe(1)
    expect(head.timestamp).toBeGreaterThanOrEqual(before)
  })

  it('records the head each save covers, and saves a chain again only once its head moved', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'anvil-saves-'))
    const statePath = path.join(dir, 'chain.json')
    const anvil = await startAnvil({ chainId: 42161, port: PORT + 6, dumpStatePath: statePath })
    const rpc = (method: string) =>
      fetch(anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method,
          params: method === 'eth_getBlockByNumber' ? ['latest', false] : [],
        }),
      }).then(async (r) => ((await r.json()) as { result: { number: string; hash: string } }).result)
    await rpc('evm_mine')
    const head = await rpc('eth_getBlockByNumber')
    anvil.startSaving(0.2)
    const saved = () => readSavedHead(savedHeadPath(statePath))
    expect(await waitUntil(async () => (await saved()) !== undefined, 10_000)).toBe(true)
    expect(await saved()).toEqual({ number: 1n, hash: head.hash })
    const firstSave = (await stat(statePath)).mtimeMs
    // an idle chain is not dumped again (at most every 12th tick): eight ticks later the file is the same
    await new Promise((resolve) => setTimeout(resolve, 1_600))
    expect((await stat(statePath)).mtimeMs).toBe(firstSave)
    await rpc('evm_mine')
    const next = await rpc('eth_getBlockByNumber')
    expect(await waitUntil(async () => (await saved())?.number === 2n, 10_000)).toBe(true)
    expect(await saved()).toEqual({ number: 2n, hash: next.hash })
    await anvil.stop()
    await rm(dir, { recursive: true, force: true })
  })

  /** A node process that starts anvil on `port` with `code` (its module is `m`, its instance `anvil`) and prints 'up'. */
  const parentOf = async (port: number, code: string) => {
    const script = fileURLToPath(new URL('./startAnvil.ts', import.meta.url))
    const parent = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('${script}').then(async (m) => { const anvil = await m.startAnvil({ chainId: 31337, port: ${port} }); ${code}; console.log('up') })`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let output = ''
    await new Promise<void>((resolve, reject) => {
      parent.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes('up')) resolve()
      })
      parent.once('exit', () => reject(new Error('parent exited before anvil was up')))
    })
    const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      parent.once('exit', (code, signal) => resolve({ code, signal })),
    )
    return { parent, exit, output: () => output }
  }

  it('leaves the anvils of an application that handles SIGINT running until it stops them itself', async () => {
    const rpcUrl = `http://127.0.0.1:${PORT + 5}`
    const { parent, exit, output } = await parentOf(
      PORT + 5,
      `process.on('SIGINT', async () => {
        await new Promise((resolve) => setTimeout(resolve, 300))
        const up = await fetch(anvil.rpcUrl, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}', headers: { 'content-type': 'application/json' } }).then(() => true, () => false)
        console.log(up ? 'still answering' : 'gone')
        await anvil.stop()
        process.exit(0)
      })`,
    )
    parent.kill('SIGINT')
    expect(await exit).toEqual({ code: 0, signal: null })
    expect(output()).toContain('still answering')
    expect(await answers(rpcUrl)).toBe(false)
  })

  it('stops anvil on SIGINT and exits by the signal when the application does not handle it', async () => {
    const rpcUrl = `http://127.0.0.1:${PORT + 6}`
    const { parent, exit } = await parentOf(PORT + 6, '')
    expect(await answers(rpcUrl)).toBe(true)
    parent.kill('SIGINT')
    expect(await exit).toEqual({ code: null, signal: 'SIGINT' })
    expect(await waitUntil(async () => !(await answers(rpcUrl)), 5_000)).toBe(true)
  })

  it('writes the past states anvil keeps on disk in a directory of its own, removed once anvil stops', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'anvil-states-test-'))
    const previous = process.env.TMPDIR
    process.env.TMPDIR = dir
    const anvil = await startAnvil({ chainId: 31337, port: PORT + 7 }).finally(() => {
      // assigning undefined would set the string 'undefined' for the later tests of this worker
      if (previous === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = previous
    })
    try {
      // past some hundreds of blocks anvil writes the older states to disk
      await fetch(anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x7d0'] }),
      })
      const [states, ...others] = await readdir(dir)
      expect([states?.startsWith('anvil-states-'), others]).toEqual([true, []])
      const [written] = await readdir(path.join(dir, states as string))
      expect((await readdir(path.join(dir, states as string, written as string))).length).toBeGreaterThan(0)
      await anvil.stop()
      expect(await readdir(dir)).toEqual([])
    } finally {
      await anvil.stop()
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('leaves no anvil behind when the parent process is SIGKILLed', async () => {
    const script = fileURLToPath(new URL('./startAnvil.ts', import.meta.url))
    const code = `import('${script}').then(async (m) => { await m.startAnvil({ chainId: 31337, port: ${PORT + 4} }); console.log('up') })`
    const parent = spawn(process.execPath, ['--import', 'tsx', '-e', code], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    await new Promise<void>((resolve, reject) => {
      parent.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('up') && resolve())
      parent.once('exit', () => reject(new Error('parent exited before anvil was up')))
    })
    expect(await answers(`http://127.0.0.1:${PORT + 4}`)).toBe(true)
    parent.kill('SIGKILL')
    expect(await waitUntil(async () => !(await answers(`http://127.0.0.1:${PORT + 4}`)), 5_000)).toBe(true)
  })
})
