import { createHash, randomInt } from 'node:crypto';

export interface JsApiSignatureInput {
  ticket: string;
  nonceStr: string;
  timestamp: number;
  url: string;
}

/**
 * The JS-SDK signature: SHA-1 hex of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, keys in
 * this (alphabetical) order, values raw (not URL-encoded), and the page URL without its
 * `#fragment`, as the provider computes it on its side.
 */
export function jsApiSignature(input: JsApiSignatureInput): string {
  const url = input.url.split('#', 1)[0]!;
  const text = `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${url}`;
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random nonceStr of letters and digits (the provider allows at most 32 characters). */
export function newNonceStr(length = 16): string {
  let nonce = '';
  for (let i = 0; i < length; i++) nonce += NONCE_ALPHABET[randomInt(NONCE_ALPHABET.length)];
  return nonce;
}
