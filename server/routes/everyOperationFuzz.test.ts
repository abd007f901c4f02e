import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAcrossProvider } from '../providers/across/createAcrossProvider'
import { createStargateProvider } from '../providers/stargate/createStargateProvider'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'

/**
 * Every operation of the OpenAPI document, each parameter and each top-level body field given hostile values:
 * no answer is a 5xx other than 503 (an upstream that is down), and every error answer is JSON with a code.
 */

interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
}
interface Operation {
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
}

const HOSTILE = [
  '',
  '-1',
  '0x',
  '0x10',
  '1e400',
  `${2n ** 256n}`,
  '115792089237316195423570985008687907853269984665640564039457584007913129639935',
  'NaN',
  '[object Object]',
  'x'.repeat(5_000),
  '💥\u0000',
  '0x0000000000000000000000000000000000000000',
  '-3980891822',
]
const HOSTILE_JSON: unknown[] = [null, -1, 1.5, true, [], {}, '', '0x', `${2n ** 256n}`, 'x'.repeat(5_000)]

/** A plausible value for a parameter, so one hostile value at a time reaches the handler's deeper checks. */
function plausible(name: string): string {
  if (/chainid/i.test(name)) return '1'
  if (/address|receiver|sender|account|owner|token/i.test(name))
    return '0x000000000000000000000000000000000000dEaD'
  if (/amount|limit|page|offset/i.test(name)) return '1000000'
  if (/hash|txHash/i.test(name)) return `0x${'ab'.repeat(32)}`
  return '1'
}

let h: DevnetHarness
let operations: { method: string; path: string; op: Operation }[]

beforeAll(async () => {
  h = await startDevnetHarness({
    chainIds: [1, 42161],
    crossProviders: ({ deployments, markets }) => [
      createStargateProvider({ deployments, markets }),
      createAcrossProvider({ deployments, markets }),
    ],
  })
  const document = (await (await h.request('/openapi.json')).json()) as {
    paths: Record<string, Record<string, Operation>>
  }
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  )
}, 600_000)

afterAll(async () => {
  await h?.stop()
})

async function send(method: string, url: string, body?: string) {
  const res = await h.request(url, {
    method,
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
  })
  const text = await res.text()
  return { status: res.status, text }
}

describe('every operation answers hostile input without a 5xx', () => {
  it('parameters and bodies, one hostile value at a time', async () => {
    expect(operations.length).toBeGreaterThan(30)
    const failures: string[] = []
    let requests = 0
    const check = async (method: string, url: string, body?: string) => {
      requests++
      const { status, text } = await send(method, url, body)
      if (status >= 500 && status !== 503)
        failures.push(`${method} ${url.slice(0, 160)} -> ${status} ${text.slice(0, 160)}`)
      else if (status >= 400 && status !== 404 && !/"code"|"error"|"message"/.test(text))
        failures.push(
          `${method} ${url.slice(0, 160)} -> ${status} without a JSON error: ${text.slice(0, 120)}`,
        )
    }
    for (const { method, path, op } of operations) {
      // the JSON-RPC proxy answers JSON-RPC errors of its own, tested in rpcProxy.test.ts
      if (path.startsWith('/rpc')) continue
      const params = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query')
      const build = (override?: { name: string; value: string }) => {
        let url = path
        const query = new URLSearchParams()
        for (const p of params) {
          const value = override?.name === p.name ? override.value : plausible(p.name)
          if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(value))
          else query.set(p.name, value)
        }
        const q = query.toString()
        return q ? `${url}?${q}` : url
      }
      const fields = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {})
      const body =
        method === 'GET'
          ? undefined
          : JSON.stringify(Object.fromEntries(fields.map((f) => [f, plausible(f)])))
      for (const p of params)
        for (const value of HOSTILE) await check(method, build({ name: p.name, value }), body)
      if (method !== 'GET') {
        for (const raw of ['', '{', 'null', '[]', '"x"', '{"__proto__":{"x":1}}'])
          await check(method, build(), raw)
        for (const field of fields)
          for (const value of HOSTILE_JSON)
            await check(method, build(), JSON.stringify({ ...JSON.parse(body ?? '{}'), [field]: value }))
      }
    }
    expect(requests).toBeGreaterThan(1_000)
    expect(failures).toEqual([])
  }, 600_000)
})
