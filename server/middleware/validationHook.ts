import type { Hook } from '@hono/zod-openapi'
import type { z } from 'zod'
import type { AppEnv } from '../appEnv'
import { AppError } from '../errors'

const targetNames: Record<string, string> = {
  query: 'query parameter',
  param: 'path parameter',
  json: 'body field',
  form: 'form field',
  header: 'header',
  cookie: 'cookie',
}

export interface ValidationIssue {
  /** Dotted path of the offending field, e.g. `amount` or `order.deadline`; empty for the whole input. */
  path: string
  message: string
}

/**
 * Builds the `INVALID_PARAMS` error for failed validation of one request part (`query`, `param`,
 * `json`...). The message names every offending parameter, e.g. `Invalid query parameter(s): amount
 * (Invalid input: expected string, received undefined)`; `details` carries `{ target, issues }`.
 */
export function buildValidationError(target: string, issues: readonly z.core.$ZodIssue[]): AppError {
  const list: ValidationIssue[] = issues.map((issue) => ({
    path: issue.path.map((key) => String(key)).join('.'),
    message: issue.message,
  }))
  const described = list.map((issue) =>
    issue.path === '' ? issue.message : `${issue.path} (${issue.message})`,
  )
  const noun = targetNames[target] ?? target
  return new AppError('INVALID_PARAMS', `Invalid ${noun}(s): ${described.join('; ')}`, {
    details: { target, issues: list },
  })
}

/**
 * The one validation hook shared by every OpenAPI route: on failure it throws `INVALID_PARAMS`
 * (see `buildValidationError`), so `app.onError` stays the only place that writes error responses.
 */
export const defaultHook: Hook<unknown, AppEnv, string, undefined> = (result) => {
  if (!result.success) throw buildValidationError(result.target, result.error.issues)
  return undefined
}
