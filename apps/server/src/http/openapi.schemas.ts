import { z } from 'zod';

type Json = Record<string, unknown>;

/**
 * Turns contract schemas into JSON Schemas for one OpenAPI document. zod puts the definitions a
 * schema refers to (a recursive one such as the folder tree) in a local `$defs` with
 * `#/$defs/...` references, which mean nothing once the schema sits inside the document: they
 * are hoisted to `components.schemas` under one name each (the same definition once) and the
 * references rewritten to point there.
 */
export class SchemaComponents {
  readonly schemas: Record<string, Json> = {};
  private byContent = new Map<string, string>();

  convert(s: z.ZodType, io: 'input' | 'output'): Json {
    const js = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Json;
    delete js.$schema;
    const defs = (js.$defs ?? {}) as Record<string, Json>;
    delete js.$defs;
    const names = new Map<string, string>();
    // Names first (a definition may refer to itself or to another), then the contents.
    for (const key of Object.keys(defs)) names.set(key, this.reserve(key, io));
    const rewrite = <T>(v: T): T => relink(v, names);
    for (const [key, def] of Object.entries(defs)) this.place(names, key, rewrite(def));
    return rewrite(js);
  }

  /** A component name for a definition: zod's anonymous ones (`__schema0`) are named by direction. */
  private reserve(key: string, io: string): string {
    const base = (key.startsWith('__') ? `Schema_${io}` : key).replace(/[^\w.-]/g, '_');
    let name = base;
    for (let i = 2; name in this.schemas; i++) name = `${base}_${i}`;
    this.schemas[name] = {};
    return name;
  }

  /** Keeps one component per distinct definition: a repeat reuses the first one's name. */
  private place(names: Map<string, string>, key: string, def: Json) {
    const name = names.get(key)!;
    // The content with its own name blanked, so the same recursive schema compares equal.
    const content = JSON.stringify(def).replaceAll(`"#/components/schemas/${name}"`, '"#self"');
    const known = this.byContent.get(content);
    if (known) {
      delete this.schemas[name];
      names.set(key, known);
      for (const [k, v] of Object.entries(this.schemas)) this.schemas[k] = relinkName(v, name, known);
      return;
    }
    this.byContent.set(content, name);
    this.schemas[name] = def;
  }
}

/** The value with `#/$defs/<key>` references pointing at the components named for them. */
function relink<T>(v: T, names: Map<string, string>): T {
  if (Array.isArray(v)) return v.map((x: unknown) => relink(x, names)) as T;
  if (!v || typeof v !== 'object') return v;
  const out: Json = {};
  for (const [k, x] of Object.entries(v)) {
    const local = k === '$ref' && typeof x === 'string' ? /^#\/\$defs\/(.+)$/.exec(x) : null;
    out[k] = local && names.has(local[1]!) ? `#/components/schemas/${names.get(local[1]!)}` : relink(x, names);
  }
  return out as T;
}

function relinkName<T>(v: T, from: string, to: string): T {
  const s = JSON.stringify(v).replaceAll(`"#/components/schemas/${from}"`, `"#/components/schemas/${to}"`);
  return JSON.parse(s) as T;
}
