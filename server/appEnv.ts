import type { Hex } from 'viem'

/** Who is calling, once an API key has been verified. */
export interface AuthContext {
  companyId: string
  companyName: string
  keyId: string
  /** bytes32 the aggregator's Swapped event carries, attributing on-chain trades to the company. */
  integratorId: Hex
}

/** Hono environment shared by every route module and middleware. */
export interface AppEnv {
  Variables: {
    requestId: string
    /** Set by the API-key middleware when a valid key was sent. */
    auth: AuthContext | undefined
  }
}
