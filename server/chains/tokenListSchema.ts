import { isAddress } from 'viem'
import { z } from 'zod'

// The rules of the published Uniswap token-list schema (https://uniswap.org/tokenlist.schema.json, draft-07), one
// for one: patterns, lengths, counts, required fields, no unknown properties. JSON Schema's `\w` is ASCII, as here.

/** A tag's identifier: a list's `tags` key, named by its tokens' `tags`. */
const tagIdentifier = z.string().min(1).max(10).regex(/^\w+$/, 'expected letters, digits or _')

const extensionIdentifier = z.string().min(1).max(40).regex(/^\w+$/, 'expected letters, digits or _')

const extensionPrimitive = z.union([z.string().min(1).max(42), z.boolean(), z.number(), z.null()])

/** An extension map (at most 10 properties) of `value`s. */
const extensionMap = <T extends z.ZodType>(value: T) =>
  z
    .record(extensionIdentifier, value)
    .refine((map) => Object.keys(map).length <= 10, 'expected at most 10 properties')

/** Extensions nest two objects deep at most, as the schema's `ExtensionValueInner0/1`. */
const extensions = extensionMap(
  z.union([
    extensionPrimitive,
    extensionMap(z.union([extensionPrimitive, extensionMap(extensionPrimitive)])),
  ]),
)

const tokenSchema = z.strictObject({
  chainId: z.number().int().min(1),
  address: z
    .string()
    .regex(/^0x[a-fA-F0-9]{40}$/, 'expected a 0x-prefixed 20-byte hex address')
    // mixed case is an EIP-55 checksum and must be right; one case carries none
    .refine((value) => isAddress(value, { strict: true }), 'expected a valid EIP-55 checksum'),
  decimals: z.number().int().min(0).max(255),
  name: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[ \w.'+\-%/À-ÖØ-öø-ÿ:]+$/, "expected letters, digits, spaces or .'+-%/:"),
  symbol: z
    .string()
    .min(1)
    .max(20)
    .regex(/^[a-zA-Z0-9+\-%/$.]+$/, 'expected letters, digits or +-%/$.'),
  logoURI: z.url().optional(),
  tags: z.array(tagIdentifier).max(10).optional(),
  extensions: extensions.optional(),
})

const tagDefinition = z.strictObject({
  name: z
    .string()
    .min(1)
    .max(20)
    .regex(/^[ \w]+$/, 'expected letters, digits, _ or spaces'),
  description: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[ \w.,:]+$/, 'expected letters, digits, spaces or .,:'),
})

/** A token list in the Uniswap token-list format, validated by the rules of its published JSON schema. */
export const tokenListSchema = z.strictObject({
  name: z
    .string()
    .min(1)
    .max(20)
    .regex(/^[\w ]+$/, 'expected letters, digits, _ or spaces'),
  timestamp: z.iso.datetime({ offset: true }),
  version: z.strictObject({
    major: z.number().int().min(0),
    minor: z.number().int().min(0),
    patch: z.number().int().min(0),
  }),
  tokens: z.array(tokenSchema).min(1).max(10_000),
  keywords: z
    .array(
      z
        .string()
        .min(1)
        .max(20)
        .regex(/^[\w ]+$/, 'expected letters, digits, _ or spaces'),
    )
    .max(20)
    .refine((words) => new Set(words).size === words.length, 'expected unique keywords')
    .optional(),
  tags: z
    .record(tagIdentifier, tagDefinition)
    .refine((tags) => Object.keys(tags).length <= 20, 'expected at most 20 tags')
    .optional(),
  logoURI: z.url().optional(),
})

export type TokenList = z.infer<typeof tokenListSchema>
