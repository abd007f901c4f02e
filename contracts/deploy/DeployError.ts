/**
 * The one error of `npm run deploy` (contracts/deploy/runDeploy.ts): an invalid config or arguments, a chain that
 * does not answer or is another chain, a deployment that reverts. Its message names the problem whole and is
 * printed alone, without a stack.
 */
export class DeployError extends Error {
  override name = 'DeployError' as const
}
