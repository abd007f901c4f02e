/**
 * Asks a JSON-RPC endpoint for its latest block number with one `eth_blockNumber` call. Rejects when
 * the endpoint does not answer within `timeoutMs`, answers a non-2xx status, or returns an error or
 * a non-hex result.
 */
export async function fetchBlockNumber(params: { rpcUrl: string; timeoutMs: number }): Promise<bigint> {
  const response = await fetch(params.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
    signal: AbortSignal.timeout(params.timeoutMs),
  })
  if (!response.ok) throw new Error(`eth_blockNumber: HTTP ${response.status}`)
  const body: unknown = await response.json()
  const result = typeof body === 'object' && body !== null && 'result' in body ? body.result : undefined
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]+$/.test(result)) {
    throw new Error(`eth_blockNumber: unexpected answer ${JSON.stringify(body)}`)
  }
  return BigInt(result)
}
