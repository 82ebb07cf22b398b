/**
 * Malformed requests for one route, as fast-check arbitraries: its valid request with one thing
 * broken — a body field, a path param, a query param (see schemaBreakers.ts) — or the request
 * itself: text that is not JSON, the wrong content type, prototype-pollution keys, a number JSON
 * cannot hold, a malformed Idempotency-Key. Every one of them must be refused.
 */
import fc from 'fast-check';
import { applyBreak, breaksOf, hostileStrings, refusedStrings, typesOf, type Break, type JsonSchema } from './schemaBreakers.js';

export interface RouteInputs {
  params: Record<string, JsonSchema>;
  query: Record<string, { schema: JsonSchema; required: boolean }>;
  body: JsonSchema | undefined;
  /** Reads an Idempotency-Key header (its description says so). */
  idempotent: boolean;
}

export interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: unknown }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  description?: string;
}

/** What a route takes, read from the OpenAPI operation the app serves. */
export function inputsOf(operation: OpenApiOperation): RouteInputs {
  const params: RouteInputs['params'] = {};
  const query: RouteInputs['query'] = {};
  for (const parameter of operation.parameters ?? []) {
    // A record query (`?any=thing`) comes out as odd pseudo-parameters: nothing to break there.
    if (typeof parameter.schema !== 'object' || parameter.schema === null || parameter.name === 'additionalProperties') continue;
    if (parameter.in === 'path') params[parameter.name] = parameter.schema as JsonSchema;
    if (parameter.in === 'query') query[parameter.name] = { schema: parameter.schema as JsonSchema, required: parameter.required === true };
  }
  const body = operation.requestBody?.content?.['application/json']?.schema;
  return { params, query, body, idempotent: operation.description?.includes('Idempotency-Key') ?? false };
}

export interface BaseRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

export interface BadRequest {
  family: string;
  label: string;
  method: BaseRequest['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** false only for routes with nothing to validate: any answer but a 5xx will do. */
  mustRefuse: boolean;
}

type QueryEntries = Array<[string, string]>;

const encodable = (text: string) => {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
};

export const preview = (value: unknown): string => {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 30)}… (${text.length} chars)` : text;
};

function urlOf(base: BaseRequest, params: Record<string, string>, query: QueryEntries): string {
  const path = base.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Text values a query parameter refuses for sure (zod coerces numbers from the text). */
function refusedQueryTexts(schema: JsonSchema, required: boolean): string[] {
  const types = typesOf(schema);
  if (types !== 'any' && (types.has('integer') || types.has('number'))) {
    const texts = ['abc', 'NaN', '1e999', '-1e999', '12abc'];
    if (schema.minimum !== undefined) texts.push(String(schema.minimum - 1));
    if (schema.maximum !== undefined) texts.push(String(schema.maximum + 1));
    if (!types.has('number')) texts.push(String((schema.minimum ?? 0) + 0.5));
    return texts;
  }
  return refusedStrings(schema, required).filter(encodable);
}

type Family = { weight: number; arbitrary: fc.Arbitrary<BadRequest> };
type Parts = Partial<Pick<BadRequest, 'headers' | 'payload'>> & { params?: Record<string, string>; query?: QueryEntries };
type Make = (family: string, label: string, parts: Parts, mustRefuse?: boolean) => BadRequest;

/** Every malformed variant of the route's valid request `base`, as one arbitrary. */
export function badRequests(inputs: RouteInputs, base: BaseRequest): fc.Arbitrary<BadRequest> {
  const baseQuery: QueryEntries = Object.entries(base.query);
  const hasBody = base.method === 'POST' || base.method === 'PUT' || base.method === 'PATCH';
  const sendsBody = hasBody && base.body !== undefined;
  /** The base request with the given parts replaced. */
  const make: Make = (family, label, parts, mustRefuse = true) => ({
    family,
    label,
    method: base.method,
    url: urlOf(base, parts.params ?? base.params, parts.query ?? baseQuery),
    headers: parts.headers ?? (sendsBody ? JSON_HEADERS : {}),
    ...(parts.payload !== undefined ? { payload: parts.payload } : sendsBody ? { payload: JSON.stringify(base.body) } : {}),
    mustRefuse,
  });
  const families = [
    ...(inputs.body && hasBody ? bodyFamilies(inputs.body, base, make) : []),
    ...(hasBody ? rawFamilies(base, make) : []),
    ...paramFamilies(inputs, base, make),
    ...queryFamilies(inputs, baseQuery, make),
    ...(inputs.idempotent ? [idempotencyFamily(sendsBody, make)] : []),
  ];
  if (families.length === 0) families.push(junkQueryFamily(make));
  return fc.oneof(...families).map((bad) => Object.assign(bad, { [fc.toStringMethod]: () => `${bad.method} ${bad.url.slice(0, 120)} [${bad.family}] ${bad.label}` }));
}

/** One field of the body broken; the body sent as text/xml/bytes; a number JSON cannot hold. */
function bodyFamilies(schema: JsonSchema, base: BaseRequest, make: Make): Family[] {
  const families: Family[] = [];
  const breaks = breaksOf(schema, base.body);
  if (breaks.length > 0) {
    const arbitrary = fc.oneof(...breaks).map((brk: Break) => {
      const label = `${['body', ...brk.path].join('.')}: ${brk.label} ${brk.omit ? '' : preview(brk.value)}`.trim();
      return make('body', label, { headers: JSON_HEADERS, payload: JSON.stringify(applyBreak(base.body, brk)) ?? 'null' });
    });
    families.push({ weight: 6, arbitrary });
  }
  const types = fc.constantFrom('text/plain', 'application/xml', 'application/octet-stream', 'multipart/form-data; boundary=tiyende');
  families.push({ weight: 1, arbitrary: types.map((type) => make('content type', `content-type ${type}`, { headers: { 'content-type': type }, payload: JSON.stringify(base.body ?? {}) })) });
  const body = (base.body ?? {}) as Record<string, unknown>;
  const numberField = Object.keys(schema.properties ?? {}).find((name) => typeof body[name] === 'number');
  if (numberField) {
    const literals = fc.constantFrom('1e400', '-1e400');
    const arbitrary = literals.map((literal) => {
      const text = JSON.stringify({ ...body, [numberField]: '__BIG__' }).replace('"__BIG__"', literal);
      return make('number', `body.${numberField}: ${literal} (beyond any double)`, { headers: JSON_HEADERS, payload: text });
    });
    families.push({ weight: 1, arbitrary });
  }
  return families;
}

/** Text that is not JSON at all; JSON whose keys would pollute prototypes. */
function rawFamilies(base: BaseRequest, make: Make): Family[] {
  const notJson = fc.constantFrom('{', '{"a":', '{"lat": NaN}', "{'single': 'quotes'}", 'NaN', '[1, 2', '{"a": 1}}', 'undefined', '\u0000', '');
  const rest = JSON.stringify(base.body ?? {}).slice(1);
  const withKey = (key: string) => (rest === '}' ? `{${key}}` : `{${key},${rest}`);
  const pollution = fc.constantFrom('"__proto__": {"polluted": "yes", "isAdmin": true}', '"constructor": {"prototype": {"polluted": "yes"}}');
  return [
    { weight: 1, arbitrary: notJson.map((text) => make('invalid JSON', `invalid JSON ${preview(text)}`, { headers: JSON_HEADERS, payload: text })) },
    { weight: 1, arbitrary: pollution.map((key) => make('prototype pollution', `key ${key.split(':')[0]}`, { headers: JSON_HEADERS, payload: withKey(key) })) },
  ];
}

function paramFamilies(inputs: RouteInputs, base: BaseRequest, make: Make): Family[] {
  return Object.entries(inputs.params).map(([name, schema]) => ({
    weight: 2,
    arbitrary: fc.constantFrom(...refusedStrings(schema).filter(encodable)).map((value) =>
      make('path param', `:${name} = ${preview(value)}`, { params: { ...base.params, [name]: value } }),
    ),
  }));
}

/** A query value refused for sure, the same parameter twice, a required one left out. */
function queryFamilies(inputs: RouteInputs, baseQuery: QueryEntries, make: Make): Family[] {
  return Object.entries(inputs.query).flatMap(([name, { schema, required }]) => {
    const others = baseQuery.filter(([key]) => key !== name);
    const texts = refusedQueryTexts(schema, required);
    const families: Family[] = [{ weight: 1, arbitrary: fc.constant(make('query', `?${name} given twice`, { query: [...others, [name, 'car'], [name, '7']] })) }];
    if (texts.length > 0) {
      families.push({ weight: 2, arbitrary: fc.constantFrom(...texts).map((value) => make('query', `?${name}=${preview(value)}`, { query: [...others, [name, value]] })) });
    }
    if (required && schema.default === undefined) families.push({ weight: 1, arbitrary: fc.constant(make('query', `?${name} left out`, { query: others })) });
    return families;
  });
}

function idempotencyFamily(sendsBody: boolean, make: Make): Family {
  const keys = fc.constantFrom('short', 'has spaces in it', 'x'.repeat(101), 'semi;colon;key', 'café-key-1', '../../etc/passwd');
  const headers = (key: string) => ({ ...(sendsBody ? JSON_HEADERS : {}), 'idempotency-key': key });
  return { weight: 1, arbitrary: keys.map((key) => make('Idempotency-Key', `Idempotency-Key ${preview(key)}`, { headers: headers(key) })) };
}

/** For routes with nothing to validate: junk in the query string must still never break them. */
function junkQueryFamily(make: Make): Family {
  const junk = fc.dictionary(fc.constantFrom('q', 'limit', '__proto__', 'constructor', '$where', 'x'), fc.constantFrom(...hostileStrings.filter(encodable)), { maxKeys: 3 });
  return { weight: 1, arbitrary: junk.map((query) => make('junk query', `?${new URLSearchParams(Object.entries(query)).toString().slice(0, 60)}`, { query: Object.entries(query) }, false)) };
}
