import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyRequest } from 'fastify';
import type { App } from '../types.js';

export interface SecurityOptions {
  /** HSTS and `upgrade-insecure-requests` only in production: a development server speaks plain HTTP. */
  production: boolean;
  /** Online map tiles (`https://tiles.example/{z}/{x}/{y}.png`): their origin may serve images. */
  tileUrl?: string | undefined;
  /** Inline scripts the page carries (the client configuration api/routes/web.ts writes into it), allowed by hash. */
  inlineScripts?: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write that a browser may legitimately send cross-site as a form (Apple's sign-in answer,
     * `response_mode=form_post`): it is let through the JSON-only rule. Nothing else sets it.
     */
    acceptsForms?: boolean;
    /**
     * A file upload (driver documents, ride recordings): `multipart/form-data` is let through the
     * JSON-only rule — still only from the app's own site (Sec-Fetch-Site), still signed in.
     */
    acceptsUploads?: boolean;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;

/** The origin of a URL template such as `https://{a-c}.tile.example/{z}/{x}/{y}.png`, or null. */
export function originOfTemplate(template: string | undefined): string | null {
  if (!template) return null;
  try {
    const url = new URL(template.replace(/\{[^}]*\}/g, 'x'));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** `'sha256-…'` of an inline script's text, as a CSP source. */
export const scriptHash = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The page's own WebSocket origin (`ws://host`, or `wss://` behind TLS), named explicitly for browsers whose `'self'` does not cover ws. */
function liveSocketOrigin(request: IncomingMessage): string {
  const host = request.headers.host;
  if (!host || !HOST.test(host)) return "'self'";
  const forwarded = request.headers['x-forwarded-proto'];
  const secure = (request.socket as { encrypted?: boolean }).encrypted === true || forwarded === 'https';
  return `${secure ? 'wss' : 'ws'}://${host}`;
}

/**
 * The headers that keep a browser from being turned against the app:
 *
 * - a Content-Security-Policy the app works under: scripts, workers (the service worker in
 *   web/src/offline) and data only from the app's own origin and its ws endpoint; images also from
 *   data:/blob: (OpenLayers draws through canvases) and from the tile server when one is
 *   configured; styles from the app plus inline ones (React's and OpenLayers' style attributes);
 *   no plugins, no <base> hijack, forms post only to the app;
 * - `frame-ancestors 'none'` and `X-Frame-Options: DENY`: no page may frame the app (clickjacking);
 * - `Referrer-Policy: strict-origin-when-cross-origin`: other sites see the origin only, never a
 *   ride's path (tile servers such as OpenStreetMap's ask for a Referer, so not `no-referrer`);
 * - HSTS (a year, subdomains) in production only;
 *
 * and the JSON-only rule for writes: a POST/PUT/PATCH/DELETE whose body is not `application/json`
 * answers 415 naming the content type, and one a browser marks as coming from another site
 * (`Sec-Fetch-Site: cross-site|same-site`) answers 403. A cross-site page can send a form or a
 * `text/plain` POST without asking (a "simple request"), with whatever cookies the browser still
 * attaches; it can never send `application/json` without a CORS preflight, which this server
 * never grants.
 */
export async function registerSecurity(app: App, options: SecurityOptions): Promise<void> {
  const tileOrigin = originOfTemplate(options.tileUrl);
  const inline = (options.inlineScripts ?? []).map(scriptHash);
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...inline],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", liveSocketOrigin, ...(tileOrigin ? [tileOrigin] : [])],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: options.production ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    // The app opens Google/Apple sign-in as a navigation, not a popup: same-origin is safe.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Tile images come from another origin without CORP headers: do not require them.
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onRequest', async (request, reply) => {
    const refusal = refuseUnsafeWrite(request);
    if (refusal) await reply.status(refusal.status).send(refusal.body);
  });
}

interface Refusal {
  status: 403 | 415;
  body: { message: string; code: string; contentType?: string };
}

/** Why a write may not go on (wrong content type, another site), or null. */
export function refuseUnsafeWrite(request: FastifyRequest): Refusal | null {
  if (!WRITES.has(request.method)) return null;
  if (request.routeOptions.config?.acceptsForms) return null;
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') {
    return {
      status: 403,
      body: { message: `Requests from another site may not change anything here (Sec-Fetch-Site: ${site}).`, code: 'cross_site_request' },
    };
  }
  const contentType = request.headers['content-type'];
  if (contentType === undefined) {
    // No body at all (a POST that names its target in the path) has nothing to smuggle; a body
    // without a type is refused like any other non-JSON body.
    return hasBody(request) ? unsupported('none') : null;
  }
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (mediaType === 'application/json') return null;
  if (mediaType === 'multipart/form-data' && request.routeOptions.config?.acceptsUploads) return null;
  return unsupported(mediaType || contentType);
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return request.headers['transfer-encoding'] !== undefined;
}

function unsupported(contentType: string): Refusal {
  return {
    status: 415,
    body: {
      message: `Content-Type ${contentType === 'none' ? 'is missing' : `"${contentType}" is not accepted`}: send the body as application/json.`,
      code: 'unsupported_media_type',
      contentType,
    },
  };
}
