import { AppError } from '../errors'

/**
 * Runs one read against a chain node in a request path and returns its result. Any failure (node
 * down, timed out, malformed answer) becomes `AppError('UPSTREAM_UNAVAILABLE')` (503) whose message
 * names `what` was being read, with the original error as `cause`, so it never surfaces as a 500.
 */
export async function readFromNode<T>(what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error: unknown) {
    throw new AppError('UPSTREAM_UNAVAILABLE', `Could not read ${what} from the chain node`, { cause: error })
  }
}
