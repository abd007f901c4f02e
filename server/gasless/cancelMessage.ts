/** The text an owner signs (EIP-191 `personal_sign`) to cancel gasless order `orderId`. */
export function cancelMessage(orderId: string): string {
  return `Cancel gasless order ${orderId}`
}
