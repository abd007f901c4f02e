/**
 * The text the owner signs (EIP-191) to cancel gasless order `orderId`, as the server expects it
 * (`server/gasless/cancelMessage.ts`; the test keeps the two equal).
 */
export function cancelOrderMessage(orderId: string): string {
  return `Cancel gasless order ${orderId}`
}
