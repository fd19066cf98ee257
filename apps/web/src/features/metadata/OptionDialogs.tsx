import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { OptionBody, OptionMerge } from '@brandvault/contract';
import type { Lang, VocabularyOption } from '@brandvault/contract';
import { validateWith } from '../../lib/forms';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../lib/notify';
import { useCreateOption, useMergeOption, useMoveOption, useRenameOption } from './api';
import { optionLabel, optionPaths } from './labels';
import { optionError } from './optionErrors';

const useLang = (): Lang => (useTranslation().i18n.language === 'es' ? 'es' : 'en');

function Buttons({ onClose, busy, label }: { onClose: () => void; busy: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={busy}>
        {label}
      </Button>
    </Group>
  );
}

interface LabelProps {
  vocabularyId: number;
  /** The option to rename; without it a new one is added under `parent` (or at the top). */
  option?: VocabularyOption;
  parent?: VocabularyOption | null;
  onClose: () => void;
}

/** Add an option (under a parent, in a tree) or rename one, in both languages. */
export function OptionLabelDialog({ vocabularyId, option, parent = null, onClose }: LabelProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [en, setEn] = useState(option?.label_en ?? '');
  const [es, setEs] = useState(option?.label_es ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateOption();
  const rename = useRenameOption();
  const title = option
    ? t('metadata.options.renameTitle')
    : parent
      ? t('metadata.options.addUnder', { name: optionLabel(parent, lang) })
      : t('metadata.options.addTitle');

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problems = validateWith(OptionBody, { label_en: en.trim(), ...(es.trim() ? { label_es: es.trim() } : {}) });
    if (Object.keys(problems).length > 0) return setErrors(problems);
    const failed = optionError(t, setErrors);
    if (option)
      rename.mutate(
        { id: option.id, body: { label_en: en.trim(), label_es: es.trim() || en.trim() } },
        {
          onSuccess: (o) => {
            notifySuccess(t('metadata.options.renamed'), optionLabel(o, lang));
            onClose();
          },
          onError: failed,
        },
      );
    else
      create.mutate(
        {
          vocabularyId,
          body: { label_en: en.trim(), ...(es.trim() ? { label_es: es.trim() } : {}), parent_id: parent?.id ?? null },
        },
        {
          onSuccess: (o) => {
            notifySuccess(t('metadata.options.added'), optionLabel(o, lang));
            onClose();
          },
          onError: failed,
        },
      );
  };

  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('metadata.options.labelEn')}
            required
            data-autofocus
            value={en}
            error={errors.label_en}
            onChange={(e) => setEn(e.currentTarget.value)}
          />
          <TextInput
            label={t('metadata.options.labelEs')}
            description={t('metadata.options.labelEsHint')}
            value={es}
            error={errors.label_es}
            onChange={(e) => setEs(e.currentTarget.value)}
          />
          <Buttons onClose={onClose} busy={create.isPending || rename.isPending} label={t('metadata.options.save')} />
        </Stack>
      </form>
    </Modal>
  );
}

interface PickProps {
  option: VocabularyOption;
  options: readonly VocabularyOption[];
  onClose: () => void;
}

/** The options `option` may go under or merge into: neither itself nor one below it. */
function others(option: VocabularyOption, options: readonly VocabularyOption[], lang: Lang) {
  const paths = optionPaths(options, lang);
  const below = new Set<number>([option.id]);
  for (const o of options) if (o.parent_id !== null && below.has(o.parent_id)) below.add(o.id);
  return options.filter((o) => !below.has(o.id)).map((o) => ({ value: String(o.id), label: paths.get(o.id) ?? '' }));
}

/** Move an option under another parent (or to the top), at a place among its new siblings. */
export function OptionMoveDialog({ option, options, onClose }: PickProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [parent, setParent] = useState<string | null>(option.parent_id === null ? null : String(option.parent_id));
  const [position, setPosition] = useState<number | string>(1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const move = useMoveOption();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const at = Math.max(0, (typeof position === 'number' ? position : 1) - 1);
    move.mutate(
      { id: option.id, body: { parent_id: parent === null ? null : Number(parent), position: at } },
      {
        onSuccess: () => {
          notifySuccess(t('metadata.options.movedTitle'), optionLabel(option, lang));
          onClose();
        },
        onError: optionError(t, setErrors),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('metadata.options.moveTitle', { name: optionLabel(option, lang) })}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label={t('metadata.options.parent')}
            placeholder={t('metadata.options.top')}
            searchable
            clearable
            data-autofocus
            nothingFoundMessage={t('metadata.input.noMatch')}
            data={others(option, options, lang)}
            value={parent}
            error={errors.parent_id}
            onChange={setParent}
          />
          <NumberInput
            label={t('metadata.options.position')}
            description={t('metadata.options.positionHint')}
            min={1}
            value={position}
            error={errors.position}
            onChange={setPosition}
          />
          <Buttons onClose={onClose} busy={move.isPending} label={t('metadata.options.move')} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Merge an option into another picked by type-ahead; says how many assets move. */
export function OptionMergeDialog({ option, options, onClose }: PickProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [into, setInto] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const merge = useMergeOption();
  const choices = others(option, options, lang);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (into === null) return setErrors(validateWith(OptionMerge, {}));
    const target = choices.find((c) => c.value === into)?.label ?? '';
    merge.mutate(
      { id: option.id, into: Number(into) },
      {
        onSuccess: () => {
          notifySuccess(
            t('metadata.options.merged'),
            t('metadata.options.mergedText', { from: optionLabel(option, lang), into: target }),
          );
          onClose();
        },
        onError: optionError(t, setErrors),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('metadata.options.mergeTitle', { name: optionLabel(option, lang) })}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {t('metadata.options.mergeHelp', { count: option.asset_count, name: optionLabel(option, lang) })}
          </Text>
          <Select
            label={t('metadata.options.mergeInto')}
            required
            searchable
            data-autofocus
            placeholder={t('metadata.input.pick')}
            nothingFoundMessage={t('metadata.input.noMatch')}
            data={choices}
            value={into}
            error={errors.into ?? errors.id}
            onChange={setInto}
          />
          <Buttons onClose={onClose} busy={merge.isPending} label={t('metadata.options.mergeButton')} />
        </Stack>
      </form>
    </Modal>
  );
}
