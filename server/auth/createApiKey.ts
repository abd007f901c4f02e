import { randomBytes } from 'node:crypto'
import { type Hex, toHex } from 'viem'
import { type ApiKey, insertApiKey } from '../store/apiKeys'
import { type Company, getCompanyByName, insertCompany } from '../store/companies'
import type { Store } from '../store/createStore'
import { generateApiKey } from './generateApiKey'

export type CreatedApiKey = { key: string; apiKey: ApiKey; company: Company }

/**
 * Creates an API key for the company called `companyName`, creating the company (with a random bytes32
 * integrator id) when it does not exist yet. Returns the plain key, which is shown once and never
 * stored, with the stored key row and the company.
 */
export async function createApiKey(store: Store, params: { companyName: string }): Promise<CreatedApiKey> {
  return store.db.transaction(async (tx) => {
    const company =
      (await getCompanyByName(tx, params.companyName)) ??
      (await insertCompany(tx, { name: params.companyName, integratorId: randomIntegratorId() }))
    const generated = generateApiKey()
    const apiKey = await insertApiKey(tx, {
      companyId: company.id,
      keyHash: generated.keyHash,
      prefix: generated.prefix,
    })
    return { key: generated.key, apiKey, company }
  })
}

function randomIntegratorId(): Hex {
  return toHex(randomBytes(32))
}
