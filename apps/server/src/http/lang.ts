import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANG, LANGS } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';

const isLang = (v: string): v is Lang => (LANGS as readonly string[]).includes(v);

/** The user's language, else the first supported one in Accept-Language, else en. */
export function pickLang(req: FastifyRequest): Lang {
  const own = req.actor?.user.lang;
  if (own && isLang(own)) return own;
  const header = req.headers['accept-language'];
  if (typeof header === 'string') {
    const ranked = header
      .split(',')
      .map((part) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.find((p) => p.trim().startsWith('q='));
        return { tag: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.split('=')[1]) : 1 };
      })
      .filter((x) => x.tag && !Number.isNaN(x.q))
      .sort((a, b) => b.q - a.q);
    for (const { tag } of ranked) if (isLang(tag)) return tag;
  }
  return DEFAULT_LANG;
}
