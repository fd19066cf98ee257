import { Annotation, mentionIds } from '@brandvault/contract';
import type { Comment, CommentThread } from '@brandvault/contract';
import type { Actor } from '../../access/principal.js';
import type { AssetAccessRow } from '../assets/assets.policy.js';
import { commentsPolicy } from './comments.policy.js';
import type { CommentPersonRow, NamedCommentRow } from './comments.repo.js';

type Person = { id: number; name: string };
const nameOf = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** The people each comment names, by comment id and kind. */
export function peopleByComment(rows: readonly CommentPersonRow[]) {
  const out = new Map<number, { mention: Person[]; notify: Person[] }>();
  for (const r of rows) {
    const entry = out.get(r.comment_id) ?? out.set(r.comment_id, { mention: [], notify: [] }).get(r.comment_id)!;
    const person = { id: r.id, name: nameOf(r.first_name, r.last_name) };
    if (r.kind === 'mention') entry.mention.push(person);
    else if (r.kind === 'notify') entry.notify.push(person);
  }
  return out;
}

/** The stored annotation, or null when absent or no longer what the contract reads. */
function annotationOf(json: string | null): Annotation | null {
  if (json === null) return null;
  try {
    const parsed = Annotation.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function commentView(
  actor: Actor,
  asset: AssetAccessRow,
  row: NamedCommentRow,
  people: ReturnType<typeof peopleByComment>,
): Comment {
  const named = people.get(row.id) ?? { mention: [], notify: [] };
  // Mentions in the order the text names them.
  const order = mentionIds(row.body);
  const mentions = [...named.mention].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  return {
    id: row.id,
    asset_id: row.asset_id,
    parent_id: row.parent_id,
    version: row.version,
    author:
      row.user_id !== null && row.author_first !== null
        ? { id: row.user_id, name: nameOf(row.author_first, row.author_last) }
        : null,
    body: row.body,
    mentions,
    notify_users: named.notify,
    annotation: annotationOf(row.annotation),
    resolved_at: row.resolved_at,
    resolved_by:
      row.resolved_by !== null && row.resolver_first !== null
        ? { id: row.resolved_by, name: nameOf(row.resolver_first, row.resolver_last) }
        : null,
    created_at: row.created_at,
    edited_at: row.edited_at,
    abilities: commentsPolicy.abilities(actor, { user_id: row.user_id, parent_id: row.parent_id, asset }),
  };
}

export function threadView(
  actor: Actor,
  asset: AssetAccessRow,
  row: NamedCommentRow,
  replies: readonly NamedCommentRow[],
  people: ReturnType<typeof peopleByComment>,
): CommentThread {
  return {
    ...commentView(actor, asset, row, people),
    replies: replies.map((r) => commentView(actor, asset, r, people)),
  };
}
