/**
 * Values that break a JSON Schema (the OpenAPI the app serves, made from the routes' zod schemas),
 * each one for certain: a wrong type, a missing required field, a string too long or outside its
 * pattern or enum, a number out of range. Hostile content (injection strings, RTL, emoji, NUL,
 * 100 KB) rides in as those breaking values. What zod checks beyond the JSON
 * Schema (refinements, trimming) can only make a broken value more broken.
 */
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}

/** One broken value: where it goes, what it is (for the report), and the value (or none: left out). */
export interface Break {
  path: Array<string | number>;
  label: string;
  value?: unknown;
  omit?: true;
}

const HUGE = 100_000;
const huge = (unit: string) => unit.repeat(Math.ceil(HUGE / unit.length));

/** 100 KB of letters, emoji, Arabic (RTL), NUL. */
export const hugeStrings = [huge('x'), huge('😀'), huge('ي'), huge('\u0000'), huge('<b>')];

export const hostileStrings = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "admin'--",
  '{"$gt": ""}',
  '{"$where": "sleep(1000)"}',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '\u202Egnp.exe',
  'مرحبا بالعالم',
  'שלום עולם',
  '🚕🚖🛺',
  '👩‍👩‍👧‍👦',
  'a\u0000b',
  '../../etc/passwd',
  '%00',
  'a\r\nSet-Cookie: x=1',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  'null',
  '9007199254740993',
  '1e400',
  ' ',
  '',
];

/** Text that no reasonable store keeps: a NUL inside, a lone surrogate (not Unicode at all). */
export const unstorableText = ['Freedom\u0000Park', 'Kitwe \uD800 Central', '\uDFFFCopperbelt'];

const wrongTypeValues: unknown[] = [
  'NaN',
  'Infinity',
  '42',
  '',
  'true',
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 53 + 1,
  -1e308,
  1e308,
  null,
  [],
  [[[[]]]],
  [1, 'a', null],
  {},
  { a: { b: { c: { d: {} } } } },
  { $gt: '' },
];

export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The JSON types a schema lets through (all of them when it says nothing). */
export function typesOf(schema: JsonSchema): Set<string> | 'any' {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const union = new Set<string>();
    for (const alternative of alternatives) {
      const types = typesOf(alternative);
      if (types === 'any') return 'any';
      types.forEach((type) => union.add(type));
    }
    if (schema.nullable) union.add('null');
    return union;
  }
  if (schema.type === undefined) return schema.enum ? new Set(schema.enum.map(jsonTypeOf)) : 'any';
  const types = new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
  if (types.has('number')) types.add('integer');
  if (schema.nullable) types.add('null');
  return types;
}

const allows = (schema: JsonSchema, value: unknown) => {
  const types = typesOf(schema);
  return types === 'any' || types.has(jsonTypeOf(value));
};

/** Fails the schema's pattern however zod might have tidied it first (trimmed, lower-cased). */
export function breaksPattern(pattern: string, text: string): boolean {
  const regex = new RegExp(pattern, 'u');
  return [text, text.trim(), text.trim().toLowerCase()].every((candidate) => !regex.test(candidate));
}

/**
 * Strings the schema refuses for sure, taken from the hostile pool and the huge ones. An empty
 * string only where the field is required: an optional one may take '' for "not given".
 */
export function refusedStrings(schema: JsonSchema, required = true): string[] {
  // An optional field may read '' as "not given" (accounts' optionalField does): not a break there.
  const pool = [...hostileStrings, ...hugeStrings].filter((text) => required || text !== '');
  const inEnum = schema.enum ?? (schema.const === undefined ? undefined : [schema.const]);
  if (inEnum) return pool.filter((text) => !inEnum.includes(text) && !inEnum.includes(text.trim()));
  if (schema.pattern) return pool.filter((text) => breaksPattern(schema.pattern!, text) || text.trim().length > (schema.maxLength ?? Infinity));
  const minLength = schema.minLength ?? 0;
  const tooShort = [...(required && minLength >= 1 ? [''] : []), ...(minLength >= 2 ? ['x'] : [])];
  // Free text: only what is too long for anyone. (What no store can keep, in every free-text
  // field, is unstorableText.int.spec.ts's job: walked field by field, not sampled.)
  return [...tooShort, ...hugeStrings];
}

function refusedNumbers(schema: JsonSchema): number[] {
  const out: number[] = [];
  const { minimum, maximum } = schema;
  if (minimum !== undefined) out.push(schema.exclusiveMinimum === true ? minimum : minimum - 1, -1e308);
  if (typeof schema.exclusiveMinimum === 'number') out.push(schema.exclusiveMinimum);
  if (maximum !== undefined) out.push(schema.exclusiveMaximum === true ? maximum : maximum + 1, 1e308);
  const types = typesOf(schema);
  if (types !== 'any' && !types.has('number')) {
    out.push((minimum ?? 0) + 0.5, 2 ** 53 + 1);
  }
  return out.filter((value) => !fitsNumber(schema, value));
}

function fitsNumber(schema: JsonSchema, value: number): boolean {
  const types = typesOf(schema);
  if (types !== 'any' && !types.has('number') && !Number.isSafeInteger(value)) return false;
  if (schema.minimum !== undefined && (schema.exclusiveMinimum === true ? value <= schema.minimum : value < schema.minimum)) return false;
  if (schema.maximum !== undefined && (schema.exclusiveMaximum === true ? value >= schema.maximum : value > schema.maximum)) return false;
  return true;
}

const pick = <T>(values: T[]) => (values.length === 0 ? null : fc.constantFrom(...values));

/**
 * Every way to break a value of `schema` at `path` (and, inside objects and arrays, the values in
 * it), given the valid value `base` there. Each entry is one arbitrary of breaks.
 */
export function breaksOf(schema: JsonSchema, base: unknown, path: Array<string | number> = [], required = true): Array<fc.Arbitrary<Break>> {
  const at = (label: string, values: unknown[]) => pick(values)?.map((value): Break => ({ path, label, value })) ?? null;
  // An optional field may read null and '' as "not given" (accounts' optionalField does).
  const wrongTypes = wrongTypeValues.filter((value) => !allows(schema, value) && (required || (value !== null && value !== '')));
  const out: Array<fc.Arbitrary<Break> | null> = [at('wrong type', wrongTypes)];
  const types = typesOf(schema);
  if (types !== 'any' && types.has('string')) out.push(at('refused string', refusedStrings(schema, required)));
  if (types !== 'any' && (types.has('number') || types.has('integer'))) out.push(at('number out of bounds', refusedNumbers(schema)));
  if (schema.properties) {
    const object = (base ?? {}) as Record<string, unknown>;
    for (const name of schema.required ?? []) {
      if (schema.properties[name]?.default === undefined) out.push(fc.constant<Break>({ path: [...path, name], label: 'required field left out', omit: true }));
    }
    for (const [name, inner] of Object.entries(schema.properties)) {
      out.push(...breaksOf(inner, object[name], [...path, name], schema.required?.includes(name) ?? false));
    }
  }
  if (schema.items && Array.isArray(base)) {
    if (schema.maxItems !== undefined && base.length > 0) {
      out.push(fc.constant<Break>({ path, label: `more than ${schema.maxItems} items`, value: Array.from({ length: schema.maxItems + 1 }, () => base[0]) }));
    }
    out.push(...breaksOf(schema.items, base[0], [...path, 0]));
  }
  return out.filter((arbitrary): arbitrary is fc.Arbitrary<Break> => arbitrary !== null);
}

/** A copy of `base` with the break applied (at the root: the break's value replaces it). */
export function applyBreak(base: unknown, brk: Break): unknown {
  if (brk.path.length === 0) return brk.value;
  const copy = structuredClone(base ?? {}) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (let depth = 0; depth < brk.path.length - 1; depth++) {
    const key = brk.path[depth]!;
    if (parent[key] === null || typeof parent[key] !== 'object') parent[key] = typeof brk.path[depth + 1] === 'number' ? [] : {};
    parent = parent[key] as Record<string | number, unknown>;
  }
  const last = brk.path.at(-1)!;
  if (brk.omit) delete parent[last];
  else parent[last] = brk.value;
  return copy;
}

/**
 * Request fields with no upper bound: a string with no maxLength (and no enum, const or pattern
 * that bounds it), an array with no maxItems. Each is somewhere a 100 KB value gets in.
 */
export function unboundedFields(schema: JsonSchema, path = ''): string[] {
  const types = typesOf(schema);
  const found: string[] = [];
  if (types !== 'any' && types.has('string') && schema.maxLength === undefined && !schema.enum && schema.const === undefined && !schema.pattern) {
    found.push(path || '(root)');
  }
  if (types !== 'any' && types.has('array') && schema.maxItems === undefined) found.push(`${path}[]`);
  for (const [name, inner] of Object.entries(schema.properties ?? {})) found.push(...unboundedFields(inner, path ? `${path}.${name}` : name));
  if (schema.items) found.push(...unboundedFields(schema.items, `${path}[]`));
  for (const alternative of schema.anyOf ?? schema.oneOf ?? []) found.push(...unboundedFields(alternative, path));
  return found;
}

/**
 * Where free text goes in a value of `schema` (strings with no enum, const or pattern), given a
 * valid `base`: list items are reached through the base's first item.
 */
export function freeTextPaths(schema: JsonSchema, base: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  const types = typesOf(schema);
  if (types !== 'any' && types.has('string') && !schema.enum && schema.const === undefined && !schema.pattern) return [path];
  if (schema.properties) {
    const object = (base ?? {}) as Record<string, unknown>;
    return Object.entries(schema.properties).flatMap(([name, inner]) => freeTextPaths(inner, object[name], [...path, name]));
  }
  if (schema.items && Array.isArray(base) && base.length > 0) return freeTextPaths(schema.items, base[0], [...path, 0]);
  return [];
}
