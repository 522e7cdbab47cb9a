/**
 * fast-check generators for the fuzzer: values that follow a route's zod schema (through its
 * JSON Schema, z.toJSONSchema), near misses of those, and plain garbage.
 */
import fc from 'fast-check';
import { z, type ZodType } from 'zod';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

export function jsonSchemaOf(schema: ZodType | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
}

const phones = fc.constantFrom('+12125550101', '+12125550103', '+12125550199', '(212) 555-0104', '+44 20 7946 0958', '2125550177', '+1 646 555 0001');

/** Property names that deserve a realistic value more often than a random one, to go deeper than validation. */
function hinted(name: string): fc.Arbitrary<unknown> | undefined {
  if (/phone|^from$|^to$/i.test(name)) return phones;
  if (/^(otp|code)$/i.test(name)) return fc.stringMatching(/^\d{6}$/);
  if (/email/i.test(name)) return fc.oneof(fc.emailAddress(), fc.constant(''));
  if (/^id$|Id$/.test(name)) return fc.uuid();
  return undefined;
}

const weirdStrings = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: 'grapheme', maxLength: 64 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    "' OR '1'='1",
    "'; DROP TABLE users; --",
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '${7*7}',
    '{{7*7}}',
    '\uD800',
    '🃏🂡',
    'NaN',
    '-1',
    '1e309',
    '__proto__',
    'constructor',
  ),
);

/** A value that satisfies (or nearly satisfies) a JSON Schema. */
export function fromJsonSchema(schema: JsonSchema | undefined, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => fromJsonSchema(s, name, depth + 1)));
  if (schema.allOf?.length) return fromJsonSchema(schema.allOf[0], name, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const hint = hinted(name);
  switch (type) {
    case 'object': {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, s] of Object.entries(props)) model[k] = fromJsonSchema(s, k, depth + 1);
      const requiredKeys = Object.keys(props).filter((k) => required.has(k));
      return fc.record(model, { requiredKeys });
    }
    case 'array':
      return fc.array(fromJsonSchema(schema.items, name, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'string': {
      const bounded = (arb: fc.Arbitrary<string>) =>
        arb.filter((s) => s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity));
      let arb: fc.Arbitrary<unknown>;
      if (schema.pattern) arb = fc.stringMatching(new RegExp(schema.pattern));
      else if (schema.format === 'uuid') arb = fc.uuid();
      else if (schema.format === 'email') arb = fc.emailAddress();
      else if (schema.format === 'date-time') arb = fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      else arb = bounded(fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 200) }));
      return hint ? fc.oneof(hint, arb, weirdStrings) : fc.oneof({ weight: 3, arbitrary: arb }, { weight: 1, arbitrary: weirdStrings });
    }
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1e6, -1e9), max: Math.min(schema.maximum ?? 1e6, 1e9) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return hint ?? fc.jsonValue({ maxDepth: 2 });
  }
}

/** A valid-looking value with one thing wrong: a field dropped, retyped, or an unexpected key added. */
export function nearMiss(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const base = fromJsonSchema(schema);
  const keys = Object.keys(schema?.properties ?? {});
  if (!keys.length) return base;
  return fc.tuple(base, fc.constantFrom(...keys), fc.oneof(fc.jsonValue({ maxDepth: 2 }), weirdStrings), fc.nat(2)).map(([value, k, junk, how]) => {
    const o = { ...(value as Record<string, unknown>) };
    if (how === 0) delete o[k];
    else if (how === 1) o[k] = junk;
    else o[`${k}_extra`] = junk;
    return o;
  });
}

/** JSON texts that try prototype pollution (sent raw: JSON.stringify would drop __proto__). */
export const pollutionBodies = fc.constantFrom(
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"phone":"+12125550103","__proto__":{"isAdmin":true,"status":"active"}}',
  '{"name":"x","__proto__":null}',
  '[{"__proto__":{"polluted":1}}]',
);

export const garbageJson = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(weirdStrings, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 6 }),
);

/** Raw bodies that are not JSON, or not well-formed. */
export const rawGarbage = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom('{', '{"a":', '[1,2', 'null', 'true', '"just a string"', '{"a":1}{"b":2}', '\u0000\u0001\u0002', '<xml/>', 'a=1&b=2'),
);

export const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=latin1',
  '',
);
