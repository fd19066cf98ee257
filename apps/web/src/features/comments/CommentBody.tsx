import { Anchor } from '@mantine/core';
import { parseBody } from './markup';
import classes from './Comments.module.css';

/** A comment's text: plain text, highlighted mentions and links, and never markup. */
export function CommentBody({ body, id }: { body: string; id?: string }) {
  return (
    <div className={classes.body} id={id}>
      {parseBody(body).map((s, i) =>
        s.kind === 'mention' ? (
          <span key={i} className={classes.mention} data-user-id={s.id}>
            @{s.name}
          </span>
        ) : s.kind === 'link' ? (
          <Anchor
            key={i}
            href={s.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            inherit
            className={classes.link}
          >
            {s.text}
          </Anchor>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </div>
  );
}
