import { useRef } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment, CommentList, CommentThread } from '@brandvault/contract';
import { Providers } from '../../app/Providers';
import { makeQueryClient } from '../../app/queryClient';
import { useSession } from '../../state/session';
import { loginAnswer } from '../../test/fixtures';
import { AnnotationLayer } from './AnnotationLayer';
import { CommentsPanel } from './CommentsPanel';
import { parseBody, spanRect, toImagePoint } from './markup';
import { ReviewProvider, useReview } from './review';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ada = { id: 1, name: 'Ada Lovelace' };
const grace = { id: 2, name: 'Grace Hopper' };
const abilities = { edit: false, remove: false, resolve: true, reply: true };

const comment = (id: number, over: Partial<Comment> = {}): Comment => ({
  id,
  asset_id: 5,
  parent_id: null,
  version: 2,
  author: grace,
  body: `Comment ${id}`,
  mentions: [],
  notify_users: [],
  annotation: null,
  resolved_at: null,
  resolved_by: null,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  edited_at: null,
  abilities,
  ...over,
});
const thread = (id: number, over: Partial<CommentThread> = {}): CommentThread => ({
  ...comment(id),
  replies: [],
  ...over,
});
const listOf = (items: CommentThread[], over: Partial<CommentList> = {}): CommentList => ({
  items,
  total: items.length,
  page: 1,
  per_page: 200,
  open_threads: items.filter((t) => !t.resolved_at).length,
  can_comment: true,
  ...over,
});

type Handler = (method: string, url: string, body: unknown) => Response | undefined;
function stubApi(handler: Handler) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      return handler(method, url, body) ?? json(404, { error: { status: 404, code: 'NOT_FOUND', message: 'x' } });
    }),
  );
  return calls;
}

/** The picture the markers sit on; the layer measures it (0 × 0 in jsdom, enough to place them). */
function Picture() {
  const review = useReview();
  const ref = useRef<HTMLImageElement>(null);
  return (
    <div style={{ position: 'relative' }}>
      <img
        ref={(el) => {
          ref.current = el;
          if (review) review.target.current = el;
        }}
        alt="photo"
        src="/p.webp"
      />
      <AnnotationLayer watch="/p.webp" />
    </div>
  );
}

function renderPanel({ markers = false, active = null }: { markers?: boolean; active?: number | null } = {}) {
  const client = makeQueryClient();
  render(
    <Providers client={client} env="test">
      <MemoryRouter>
        <ReviewProvider assetId={5} mode="picture" currentVersion={2} initialActive={active}>
          {markers && <Picture />}
          <CommentsPanel assetId={5} currentVersion={2} />
        </ReviewProvider>
      </MemoryRouter>
    </Providers>,
  );
}

const LIST = '/api/ops/asset/5/comment/list?per_page=200';

// Mantine's autosizing Textarea listens for web fonts, which jsdom lacks.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  useSession.getState().reset();
  useSession
    .getState()
    .signIn({ ...loginAnswer, permissions: [...loginAnswer.permissions, { name: 'comment.create' }] });
});

describe('comment list', () => {
  it('shows threads, replies, mentions and links as text, never as markup', async () => {
    stubApi((_m, url) => {
      if (url === LIST)
        return json(
          200,
          listOf([
            thread(10, {
              body: 'Look <b>x</b> @[Ada Lovelace](1) at https://example.com/a.',
              version: 1,
              edited_at: new Date().toISOString(),
              replies: [comment(11, { parent_id: 10, author: ada, body: 'Fixed <script>alert(1)</script>' })],
            }),
            thread(12, { resolved_at: new Date().toISOString(), resolved_by: ada }),
          ]),
        );
    });
    renderPanel();
    const first = await screen.findByText('Look <b>x</b>', { exact: false });
    expect(first.querySelector('b')).toBeNull();
    const body = first.closest('article')!;
    expect(within(body).getByText('@Ada Lovelace')).toHaveAttribute('data-user-id', '1');
    const link = within(body).getByRole('link', { name: 'https://example.com/a' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(body).getByText('on version 1')).toBeInTheDocument();
    expect(within(body).getByText(/edited/)).toBeInTheDocument();
    expect(screen.getByText('Fixed <script>alert(1)</script>')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    // One of two threads is resolved.
    expect(screen.getByText('1 open thread')).toBeInTheDocument();
    expect(screen.getByText(/Resolved by Ada Lovelace/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Reply' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
  });

  it('says the review is done when no thread is open', async () => {
    stubApi((_m, url) =>
      url === LIST ? json(200, listOf([thread(10, { resolved_at: new Date().toISOString() })])) : undefined,
    );
    renderPanel();
    expect(await screen.findByText('Review done')).toBeInTheDocument();
  });

  it('resolves a thread through the route and shows it resolved', async () => {
    let resolved = false;
    const calls = stubApi((method, url) => {
      if (url === LIST)
        return json(200, listOf([thread(10, resolved ? { resolved_at: new Date().toISOString() } : {})]));
      if (method === 'POST' && url === '/api/ops/asset/5/comment/10/resolve') {
        resolved = true;
        return json(200, { comment: comment(10, { resolved_at: new Date().toISOString() }) });
      }
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Resolve' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/ops/asset/5/comment/10/resolve')).toBe(true),
    );
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(screen.getByText('Review done')).toBeInTheDocument();
  });
});

describe('composer', () => {
  it('inserts a mention picked with the keyboard and sends its markup', async () => {
    const calls = stubApi((method, url) => {
      if (url === LIST) return json(200, listOf([]));
      if (url.startsWith('/api/ops/asset/5/comment/mentionable'))
        return json(200, {
          items: [
            { ...grace, photo_thumb_uri: '/api/media/grace.webp' },
            { ...ada, photo_thumb_uri: null },
          ],
        });
      if (method === 'POST' && url === '/api/ops/asset/5/comment/add')
        return json(201, { comment: comment(20, { body: 'x' }) });
    });
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('No comments yet')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Comment' });
    await user.type(box, 'Please check @');
    const list = await screen.findByRole('listbox', { name: 'People to mention' });
    await within(list).findByRole('option', { name: /Ada Lovelace/ });
    // Names and faces, no addresses.
    expect(list).not.toHaveTextContent('@');
    expect(list.querySelector('img[src="/api/media/grace.webp"]')).not.toBeNull();
    expect(within(list).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(box).toHaveValue('Please check @[Ada Lovelace](1) ');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(box, 'thanks');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/ops/asset/5/comment/add')).toHaveLength(1));
    expect(calls.find((c) => c.url === '/api/ops/asset/5/comment/add')!.body).toEqual({
      body: 'Please check @[Ada Lovelace](1) thanks',
      version: 2,
      notify_user_ids: [],
    });
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('shows a 422 field message under the text box', async () => {
    stubApi((method, url) => {
      if (url === LIST) return json(200, listOf([]));
      if (method === 'POST')
        return json(422, {
          error: { status: 422, code: 'VALIDATION', message: 'Invalid', fields: { body: 'Too many mentions' } },
        });
    });
    const user = userEvent.setup();
    renderPanel();
    const box = await screen.findByRole('textbox', { name: 'Comment' });
    await user.type(box, 'Hello{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Too many mentions')).toBeInTheDocument();
  });

  it('is not offered to those who may not comment', async () => {
    stubApi((_m, url) => (url === LIST ? json(200, listOf([thread(10)], { can_comment: false })) : undefined));
    renderPanel();
    expect(await screen.findByText('Comment 10')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });
});

describe('markers', () => {
  const annotated = [
    thread(10, { annotation: { kind: 'point', x: 0.25, y: 0.5 } }),
    thread(12, { annotation: { kind: 'rect', x: 0.1, y: 0.1, w: 0.3, h: 0.2 }, version: 1 }),
  ];

  it('links markers and comments both ways', async () => {
    stubApi((_m, url) => (url === LIST ? json(200, listOf(annotated)) : undefined));
    renderPanel({ markers: true });
    const one = await screen.findByRole('button', { name: 'Annotation 1' });
    const two = screen.getByRole('button', { name: 'Annotation 2 (v1)' });
    expect(one.parentElement).toHaveStyle({ left: '25%', top: '50%' });
    expect(two.parentElement).toHaveAttribute('data-old');

    const first = screen.getByText('Comment 10').closest('article')!;
    fireEvent.mouseEnter(first);
    expect(one).toHaveAttribute('aria-current', 'true');
    expect(two).not.toHaveAttribute('aria-current');
    fireEvent.mouseLeave(first);
    expect(one).not.toHaveAttribute('aria-current');

    const second = screen.getByText('Comment 12').closest('article')!;
    fireEvent.mouseEnter(two);
    expect(second).toHaveAttribute('data-highlighted', 'true');
    fireEvent.mouseLeave(two);
    expect(second).not.toHaveAttribute('data-highlighted');

    await userEvent.setup().click(two);
    expect(second).toHaveAttribute('aria-current', 'true');
    expect(second.scrollIntoView).toHaveBeenCalled();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Hide markers' }));
    expect(screen.queryByRole('button', { name: 'Annotation 1' })).toBeNull();
  });

  it('highlights the comment a link names', async () => {
    stubApi((_m, url) => (url === LIST ? json(200, listOf(annotated)) : undefined));
    renderPanel({ markers: true, active: 12 });
    const second = (await screen.findByText('Comment 12')).closest('article')!;
    expect(second).toHaveAttribute('data-highlighted', 'true');
    expect(screen.getByRole('button', { name: 'Annotation 2 (v1)' })).toHaveAttribute('aria-current', 'true');
  });
});

describe('geometry and text', () => {
  const box = { cx: 100, cy: 50, w: 200, h: 100 };
  it('maps screen points to the upright picture through zoom and rotation', () => {
    expect(toImagePoint(0, 0, box, 0, 1)).toEqual({ x: 0, y: 0 });
    expect(toImagePoint(150, 75, box, 0, 1)).toEqual({ x: 0.75, y: 0.75 });
    // Zoomed to 2, the same screen offset is half as far on the picture.
    expect(toImagePoint(150, 75, box, 0, 2)).toEqual({ x: 0.625, y: 0.625 });
    // A quarter turn clockwise: the picture's top-left corner is now at the screen's top-right.
    expect(toImagePoint(100 + 50, 50 - 100, box, 1, 1)).toEqual({ x: 0, y: 0 });
    expect(toImagePoint(100 - 50, 50 + 100, box, 1, 1)).toEqual({ x: 1, y: 1 });
    // Half a turn: screen top-left is the picture's bottom-right.
    expect(toImagePoint(0, 0, box, 2, 1)).toEqual({ x: 1, y: 1 });
    expect(toImagePoint(100 - 50, 50 + 100, box, 3, 1)).toEqual({ x: 0, y: 0 });
    expect(spanRect({ x: 0.5, y: 0.6 }, { x: 0.2, y: 0.1 })).toEqual({ x: 0.2, y: 0.1, w: 0.3, h: 0.5 });
  });

  it('splits mentions and links from text', () => {
    expect(parseBody('Hi @[Ada](1), see http://a.example/x).')).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', name: 'Ada', id: 1 },
      { kind: 'text', text: ', see ' },
      { kind: 'link', href: 'http://a.example/x', text: 'http://a.example/x' },
      { kind: 'text', text: ').' },
    ]);
    expect(parseBody('javascript:alert(1) <i>')).toEqual([{ kind: 'text', text: 'javascript:alert(1) <i>' }]);
  });
});
