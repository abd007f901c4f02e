/**
 * The part of bitcore-lib (and its Bitcoin Cash and Dogecoin forks, which share the API) that the devnet's
 * UTXO ledgers use. The packages ship no types; these describe their documented API.
 */
declare module 'bitcore-lib' {
  export interface Network {
    name: string
    bech32prefix?: string
  }
  export interface BN {
    toString(base?: number): string
  }
  export interface BNConstructor {
    new (value: number | string, base?: number): BN
  }
  export interface Address {
    toString(): string
  }
  export interface AddressConstructor {
    new (address: string, network?: Network): Address
    isValid(address: string, network?: Network): boolean
  }
  export interface PublicKey {
    toString(): string
  }
  export interface PrivateKey {
    toAddress(network?: Network, type?: string): Address
    toWIF(): string
    publicKey: PublicKey
  }
  export interface PrivateKeyConstructor {
    new (data?: string, network?: Network): PrivateKey
    fromWIF(wif: string): PrivateKey
  }
  export interface Script {
    toHex(): string
    toBuffer(): Buffer
    toString(): string
    toAddress(network?: Network): Address | false
    isDataOut(): boolean
    getData(): Buffer
    isWitnessPublicKeyHashOut?(): boolean
  }
  export interface ScriptConstructor {
    new (data?: string | Buffer): Script
    fromHex(hex: string): Script
    fromAddress(address: Address | string): Script
    buildDataOut(data: string | Buffer): Script
    empty(): Script
    Interpreter: InterpreterConstructor
  }
  export interface Interpreter {
    errstr: string
    verify(...args: unknown[]): boolean
  }
  export interface InterpreterConstructor {
    new (): Interpreter
    readonly [flag: string]: unknown
  }
  export interface TransactionInput {
    prevTxId: Buffer
    outputIndex: number
    script: Script
    sequenceNumber: number
    getWitnesses?(): Buffer[]
  }
  export interface TransactionOutput {
    satoshis: number
    script: Script
  }
  export interface UnspentOutputLike {
    txId: string
    outputIndex: number
    script: string
    satoshis: number
    address?: string
  }
  export interface Transaction {
    readonly hash: string
    readonly id: string
    inputs: TransactionInput[]
    outputs: TransactionOutput[]
    nLockTime: number
    version: number
    from(utxos: UnspentOutputLike | UnspentOutputLike[]): Transaction
    to(address: string | Address, satoshis: number): Transaction
    addData(data: string | Buffer): Transaction
    change(address: string | Address): Transaction
    fee(satoshis: number): Transaction
    feePerByte?(satoshis: number): Transaction
    sign(key: PrivateKey | PrivateKey[]): Transaction
    addOutput(output: TransactionOutput): Transaction
    uncheckedAddInput(input: TransactionInput): Transaction
    isCoinbase(): boolean
    isFullySigned(): boolean
    serialize(unsafe?: boolean | Record<string, boolean>): string
    /** With `noWitness`, the serialization without segwit data (the txid's preimage). */
    toBuffer(noWitness?: boolean): Buffer
    toString(): string
  }
  export interface TransactionConstructor {
    new (serialized?: string | Buffer): Transaction
    Input: new (params: {
      prevTxId: Buffer | string
      outputIndex: number
      script: Script | Buffer | string
      sequenceNumber?: number
    }) => TransactionInput
    Output: new (params: { script: Script | Buffer | string; satoshis: number }) => TransactionOutput
  }
  export interface BitcoreLib {
    Networks: {
      regtest: Network
      enableRegtest?(): void
      get(name: string): Network | undefined
      add(data: Record<string, unknown>): Network
    }
    Address: AddressConstructor
    PrivateKey: PrivateKeyConstructor
    Script: ScriptConstructor
    Transaction: TransactionConstructor
    crypto: {
      BN: BNConstructor
      Hash: { sha256sha256(data: Buffer): Buffer }
    }
  }
  const bitcore: BitcoreLib
  export default bitcore
}
declare module 'bitcore-lib-cash' {
  import bitcore from 'bitcore-lib'
  export default bitcore
}
declare module 'bitcore-lib-doge' {
  import bitcore from 'bitcore-lib'
  export default bitcore
}
