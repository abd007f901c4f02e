import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { AnvilStartError, dumpAnvilState, startAnvil, stopAllAnvils } from './startAnvil'

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
    const anvil = await startAnvil({ chainId: 56, port: 19120 })
    expect(anvil.rpcUrl).toBe('http://127.0.0.1:19120')
    const state = await dumpAnvilState(anvil.rpcUrl)
    expect(state.startsWith('0x1f8b')).toBe(true) // gzip magic
    await anvil.stop()
    expect(await answers(anvil.rpcUrl)).toBe(false)
  })

  it('rejects when the port already serves another chain', async () => {
    const first = await startAnvil({ chainId: 1, port: 19121 })
    await expect(startAnvil({ chainId: 2, port: 19121, startTimeoutMs: 3_000 })).rejects.toThrow(
      AnvilStartError,
    )
    expect(await answers(first.rpcUrl)).toBe(true)
    await first.stop()
  })

  it('stopAllAnvils stops every running instance', async () => {
    const a = await startAnvil({ chainId: 10, port: 19122 })
    const b = await startAnvil({ chainId: 137, port: 19123 })
    await stopAllAnvils()
    expect([await answers(a.rpcUrl), await answers(b.rpcUrl)]).toEqual([false, false])
  })

  it('leaves no anvil behind when the parent process is SIGKILLed', async () => {
    const script = fileURLToPath(new URL('./startAnvil.ts', import.meta.url))
    const code = `import('${script}').then(async (m) => { await m.startAnvil({ chainId: 31337, port: 19124 }); console.log('up') })`
    const parent = spawn(process.execPath, ['--import', 'tsx', '-e', code], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    await new Promise<void>((resolve, reject) => {
      parent.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('up') && resolve())
      parent.once('exit', () => reject(new Error('parent exited before anvil was up')))
    })
    expect(await answers('http://127.0.0.1:19124')).toBe(true)
    parent.kill('SIGKILL')
    expect(await waitUntil(async () => !(await answers('http://127.0.0.1:19124')), 5_000)).toBe(true)
  })
})
