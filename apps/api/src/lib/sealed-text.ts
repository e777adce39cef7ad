import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** AES-256-GCM with a key derived from the server secret and a purpose: for secrets the app must show again. */
function key(secret: string, purpose: string): Buffer {
  return createHash('sha256').update(`${purpose}\0${secret}`).digest();
}

/** iv.ciphertext.tag, each base64url. */
export function sealText(secret: string, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(secret, purpose), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, data, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.');
}

export function openText(secret: string, purpose: string, sealed: string): string {
  const [iv, data, tag] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !data || !tag) throw new Error('malformed sealed text');
  const decipher = createDecipheriv('aes-256-gcm', key(secret, purpose), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}
