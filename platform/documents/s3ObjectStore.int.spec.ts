import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeObjectStoreContract } from '../../tests/contract/objectStore.contract.js';
import { startS3StandIn, type S3StandIn } from '../../tests/support/s3StandIn.js';
import { EncryptedObjectStore } from './encryptedObjectStore.js';
import { keyringOf, parseEncryptionKey } from './encryption/keyring.js';
import { S3ObjectStore } from './s3ObjectStore.js';

async function openS3(options: { maxKeysPerPage?: number } = {}) {
  const standIn = await startS3StandIn(options);
  const store = new S3ObjectStore({
    endpoint: standIn.endpoint,
    bucket: standIn.bucket,
    region: 'af-south-1',
    accessKeyId: standIn.accessKeyId,
    secretAccessKey: standIn.secretAccessKey,
    forcePathStyle: true,
  });
  return {
    standIn,
    store,
    backdate: async (key: string, at: Date) => standIn.setStoredAt(key, at),
    dispose: async () => {
      store.close();
      await standIn.close();
    },
  };
}

// Two objects a page, so listing follows continuation tokens as it must against a real bucket.
describeObjectStoreContract('S3 (local stand-in)', () => openS3({ maxKeysPerPage: 2 }), { storesContentAsIs: true });

describeObjectStoreContract(
  'encrypted, on S3 (local stand-in)',
  async () => {
    const s3 = await openS3();
    const keyring = keyringOf(parseEncryptionKey(randomBytes(32).toString('base64'), 'test key'));
    return { ...s3, store: new EncryptedObjectStore(s3.store, keyring) };
  },
  { storesContentAsIs: false },
);

describe('the S3 adapter against the stand-in', () => {
  let s3: Awaited<ReturnType<typeof openS3>>;
  beforeAll(async () => {
    s3 = await openS3();
  });
  afterAll(() => s3.dispose());

  it('sends one signed PUT with the whole body and reads it back with one GET', async () => {
    const body = randomBytes(300_000);
    await s3.store.put('documents/one-put', body);
    expect(s3.standIn.storedBytes('documents/one-put')?.equals(body)).toBe(true);
    expect(s3.standIn.requests.get('PUT')).toBe(1);
  });

  it('refuses wrong credentials with the service error, not as a missing object', async () => {
    const wrong = new S3ObjectStore({
      endpoint: s3.standIn.endpoint,
      bucket: s3.standIn.bucket,
      region: 'af-south-1',
      accessKeyId: 'SOMEONEELSE',
      secretAccessKey: 'x',
      forcePathStyle: true,
    });
    await expect(wrong.get('documents/one-put')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    wrong.close();
  });
});
