import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Avatar, Group, Paper, Text, Textarea, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { COMMENT_MAX } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { useMentionable } from './api';
import { mentionMarkup, mentionQuery } from './markup';
import classes from './Comments.module.css';

/** The counter shows from here on. */
const COUNT_FROM = COMMENT_MAX - 500;

interface Props {
  assetId: number;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Ctrl/⌘ + Enter. */
  onSubmit: () => void;
  error?: string;
  placeholder?: string;
  autoFocus?: boolean;
  /** Mentions need the people list, which only writers may read. */
  mentions?: boolean;
}

/**
 * A comment's text box: typing '@' offers the people who can see the asset (arrows, Enter or
 * Tab to pick, Escape to close) and a pick writes `@[Name](id)` into the text.
 */
export function MentionTextarea({
  assetId,
  label,
  value,
  onChange,
  onSubmit,
  error,
  placeholder,
  autoFocus,
  mentions = true,
}: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const countId = useId();
  const [query, setQuery] = useState<{ start: number; q: string } | null>(null);
  const [index, setIndex] = useState(0);
  const [q] = useDebouncedValue(query?.q ?? '', 150);
  const people = useMentionable(assetId, q, mentions && query !== null);
  const items = query ? (people.data?.items ?? []) : [];
  const open = query !== null && (items.length > 0 || people.isFetching);
  const current = Math.min(index, Math.max(0, items.length - 1));

  // Put the caret after an inserted mention once React has written the new text.
  const caretTo = useRef<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (caretTo.current === null || !el) return;
    el.focus();
    el.setSelectionRange(caretTo.current, caretTo.current);
    caretTo.current = null;
  }, [value]);

  const look = (text: string, caret: number) => {
    if (!mentions) return;
    const next = mentionQuery(text, caret);
    setQuery(next);
    if (next?.q !== query?.q) setIndex(0);
  };

  const choose = (p: { id: number; name: string }) => {
    if (!query) return;
    const el = ref.current;
    const caret = el?.selectionStart ?? value.length;
    const markup = `${mentionMarkup(p.name, p.id)} `;
    const next = value.slice(0, query.start) + markup + value.slice(Math.max(caret, query.start));
    caretTo.current = query.start + markup.length;
    setQuery(null);
    onChange(next.slice(0, COMMENT_MAX));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      onSubmit();
      return;
    }
    if (!query) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setQuery(null);
    } else if (items.length > 0 && e.key === 'ArrowDown') {
      e.preventDefault();
      setIndex((current + 1) % items.length);
    } else if (items.length > 0 && e.key === 'ArrowUp') {
      e.preventDefault();
      setIndex((current - 1 + items.length) % items.length);
    } else if (items.length > 0 && (e.key === 'Enter' || e.key === 'Tab')) {
      e.preventDefault();
      const p = items[current];
      if (p) choose(p);
    }
  };

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <div className={classes.mentionBox}>
      <Textarea
        ref={ref}
        label={label}
        value={value}
        placeholder={placeholder}
        autoFocus={autoFocus}
        autosize
        minRows={2}
        maxRows={10}
        maxLength={COMMENT_MAX}
        error={error}
        aria-autocomplete={mentions ? 'list' : undefined}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && items.length > 0 ? optionId(current) : undefined}
        aria-describedby={value.length >= COUNT_FROM ? countId : undefined}
        // Escape closes the people list, not the viewer around it.
        data-mantine-stop-propagation={open || undefined}
        onChange={(e) => {
          onChange(e.currentTarget.value);
          look(e.currentTarget.value, e.currentTarget.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onKeyUp={(e) => {
          if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key))
            look(e.currentTarget.value, e.currentTarget.selectionStart);
        }}
        onClick={(e) => look(e.currentTarget.value, e.currentTarget.selectionStart)}
        onBlur={() => setQuery(null)}
      />
      {value.length >= COUNT_FROM && (
        <Text
          id={countId}
          size="xs"
          c={value.length >= COMMENT_MAX ? 'red' : 'dimmed'}
          ta="right"
          aria-live="polite"
          className={classes.counter}
        >
          {t('comments.counter', {
            count: value.length,
            used: formatNumber(value.length),
            max: formatNumber(COMMENT_MAX),
          })}
        </Text>
      )}
      {open && (
        <Paper
          shadow="md"
          withBorder
          className={classes.mentionList}
          id={listId}
          role="listbox"
          aria-label={t('comments.mentionList')}
        >
          {items.length === 0 ? (
            <Text size="sm" c="dimmed" p="xs">
              {t('comments.searchingPeople')}
            </Text>
          ) : (
            items.map((p, i) => (
              <UnstyledButton
                key={p.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === current}
                className={classes.mentionOption}
                tabIndex={-1}
                // Keep the focus (and the caret) in the text box.
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setIndex(i)}
                onClick={() => choose(p)}
              >
                {/* A name and a face: the writer may have no right to see people's addresses. */}
                <Group gap="xs" wrap="nowrap">
                  <Avatar src={p.photo_thumb_uri} alt="" name={p.name} color="initials" size={24} radius="xl" />
                  <Text size="sm" fw={500} truncate>
                    {p.name}
                  </Text>
                </Group>
              </UnstyledButton>
            ))
          )}
        </Paper>
      )}
    </div>
  );
}
