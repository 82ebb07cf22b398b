import { createCipheriv, createPublicKey, publicEncrypt, randomBytes, constants } from 'node:crypto';

/**
 * Airtel's message signing (mandatory in Zambia): the JSON payload is encrypted with a fresh
 * AES-256-CBC key and IV (`x-signature`), and `key:iv` (each base64) is encrypted with Airtel's RSA
 * public key from `/v1/rsa/encryption-keys` using PKCS#1 v1.5 padding (`x-key`).
 */
export function signPayload(payload: string, airtelPublicKeyBase64: string): { 'x-signature': string; 'x-key': string } {
  const key = randomBytes(32);
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const signature = Buffer.concat([cipher.update(payload, 'utf8'), cipher.final()]).toString('base64');
  const publicKey = createPublicKey({ key: Buffer.from(airtelPublicKeyBase64, 'base64'), format: 'der', type: 'spki' });
  const sealedKey = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(`${key.toString('base64')}:${iv.toString('base64')}`),
  ).toString('base64');
  return { 'x-signature': signature, 'x-key': sealedKey };
}
