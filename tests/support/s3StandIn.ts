import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP stand-in for an S3-compatible service, answering the documented REST shapes of the
 * calls Tiyende makes, path-style (`/bucket/key`): PutObject (200 with an `ETag`, 411
 * MissingContentLength without a length), GetObject and HeadObject (200 with ETag, Content-Length
 * and Last-Modified; 404 — with the `NoSuchKey` XML error for GET, no body for HEAD),
 * DeleteObject (204, even for a missing key) and ListObjectsV2 (`ListBucketResult`, paged by
 * `max-keys` with continuation tokens). A request must be signed with AWS Signature V4 for the
 * configured access key (403 `InvalidAccessKeyId` otherwise; the signature itself is not
 * recomputed) and an unknown bucket answers 404 `NoSuchBucket`.
 */
export interface S3StandIn {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** How many requests of each kind arrived (`PUT`, `GET`, `HEAD`, `DELETE`, `LIST`). */
  requests: Map<string, number>;
  /** Backdates an object, as if it had been stored then (for retention tests). */
  setStoredAt(key: string, at: Date): void;
  storedBytes(key: string): Buffer | undefined;
  close(): Promise<void>;
}

interface Stored {
  bytes: Buffer;
  etag: string;
  storedAt: Date;
}

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

function sendError(response: ServerResponse, status: number, code: string, message: string, resource: string, withBody = true) {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message><Resource>${xmlEscape(resource)}</Resource><RequestId>${randomUUID()}</RequestId></Error>`;
  response.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': randomUUID() });
  response.end(withBody ? body : undefined);
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startS3StandIn(options: { bucket?: string; maxKeysPerPage?: number } = {}): Promise<S3StandIn> {
  const bucket = options.bucket ?? 'tiyende-test';
  const accessKeyId = 'TIYENDETESTKEY';
  const secretAccessKey = 'stand-in-secret';
  const objects = new Map<string, Stored>();
  const requests = new Map<string, number>();
  const count = (kind: string) => requests.set(kind, (requests.get(kind) ?? 0) + 1);

  function list(url: URL, response: ServerResponse) {
    count('LIST');
    const prefix = url.searchParams.get('prefix') ?? '';
    const maxKeys = Math.min(Number(url.searchParams.get('max-keys') ?? 1000), options.maxKeysPerPage ?? 1000);
    const after = url.searchParams.get('continuation-token') ? Buffer.from(url.searchParams.get('continuation-token')!, 'base64url').toString() : '';
    const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const contents = page
      .map((key) => {
        const object = objects.get(key)!;
        return `<Contents><Key>${xmlEscape(key)}</Key><LastModified>${object.storedAt.toISOString()}</LastModified><ETag>${xmlEscape(object.etag)}</ETag><Size>${object.bytes.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    const token = truncated ? `<NextContinuationToken>${Buffer.from(page.at(-1)!).toString('base64url')}</NextContinuationToken>` : '';
    response.writeHead(200, { 'content-type': 'application/xml' });
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${token}</ListBucketResult>`,
    );
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const [, bucketName = '', ...keyParts] = url.pathname.split('/');
    const key = keyParts.map(decodeURIComponent).join('/');
    const authorization = request.headers.authorization ?? '';
    if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) {
      return sendError(response, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', url.pathname, request.method !== 'HEAD');
    }
    if (bucketName !== bucket) return sendError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist', url.pathname, request.method !== 'HEAD');
    if (key === '') {
      if (request.method === 'GET' && url.searchParams.get('list-type') === '2') return list(url, response);
      return sendError(response, 501, 'NotImplemented', 'The stand-in answers ListObjectsV2 only on the bucket', url.pathname);
    }
    switch (request.method) {
      case 'PUT': {
        count('PUT');
        if (request.headers['content-length'] === undefined) {
          await readBody(request);
          return sendError(response, 411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.', url.pathname);
        }
        const bytes = await readBody(request);
        const etag = `"${createHash('md5').update(bytes).digest('hex')}"`;
        objects.set(key, { bytes, etag, storedAt: new Date() });
        response.writeHead(200, { etag });
        return response.end();
      }
      case 'GET':
      case 'HEAD': {
        count(request.method);
        const object = objects.get(key);
        if (!object) return sendError(response, 404, 'NoSuchKey', 'The specified key does not exist.', url.pathname, request.method === 'GET');
        response.writeHead(200, {
          etag: object.etag,
          'content-length': object.bytes.length,
          'content-type': 'application/octet-stream',
          'last-modified': object.storedAt.toUTCString(),
        });
        return response.end(request.method === 'GET' ? object.bytes : undefined);
      }
      case 'DELETE':
        count('DELETE');
        objects.delete(key);
        response.writeHead(204);
        return response.end();
      default:
        return sendError(response, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', url.pathname);
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => sendError(response, 500, 'InternalError', String(error), request.url ?? ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    requests,
    setStoredAt(key, at) {
      const object = objects.get(key);
      if (!object) throw new Error(`The stand-in holds no object ${key}`);
      object.storedAt = at;
    },
    storedBytes: (key) => objects.get(key)?.bytes,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
