import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../appEnv'
import { defaultHook } from '../middleware/validationHook'

/**
 * Creates a route module (an `OpenAPIHono` sub-app) wired to the shared validation hook, so every
 * invalid input becomes one `INVALID_PARAMS` error handled by `app.onError`. Mount it with `.route()`.
 */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook })
}
