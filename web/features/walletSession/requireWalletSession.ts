import { ClientError } from '../../lib/ClientError'
import type { WalletSession } from './WalletSessionContext'

/**
 * The session, for a flow that needs the wallet (sending, signing). Throws `ClientError('WRONG_NETWORK')` while
 * the wallet module is not loaded: no wallet can be connected then.
 */
export function requireWalletSession(session: WalletSession | undefined): WalletSession {
  if (session === undefined) throw new ClientError('WRONG_NETWORK', 'No wallet connected')
  return session
}
