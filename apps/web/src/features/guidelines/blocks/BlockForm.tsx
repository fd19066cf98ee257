import {
  ActionIcon,
  Button,
  Chip,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { GUIDELINE_DOWNLOADS } from '@brandvault/contract';
import type { GuidelineAsset, GuidelineBlock, GuidelineBlockType, GuidelineColour } from '@brandvault/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssetPicker } from '../AssetPicker';
import { nodesToText, textToNodes } from './richText';

/** A fresh block of a type, with an id unique enough within its page. */
export function newBlock(type: GuidelineBlockType): GuidelineBlock {
  const id = `${type}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  switch (type) {
    case 'text':
      return { id, type, nodes: [] };
    case 'image':
    case 'video':
    case 'pdf':
      return { id, type, asset_id: 0, caption: null };
    case 'assets':
      return { id, type, asset_ids: [], downloads: ['original', 'png'] };
    case 'palette':
      return { id, type, title: null, colours: [{ name: '', hex: '#000000' }] };
    case 'typography':
      return { id, type, font_name: '', weights: [400], sample: '', font_asset_id: null };
    case 'dodont':
      return { id, type, pairs: [{ do: { asset_id: 0, caption: null }, dont: { asset_id: 0, caption: null } }] };
    case 'callout':
      return { id, type, tone: 'info', text: '' };
    case 'divider':
      return { id, type };
  }
}

interface Props {
  block: GuidelineBlock;
  brandId: number;
  assets: Map<number, GuidelineAsset>;
  onPick: (picked: GuidelineAsset[]) => void;
  onChange: (b: GuidelineBlock) => void;
}

const one = (id: number) => (id ? [id] : []);
const numbers = (s: string) =>
  s
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);

function RichTextForm({
  nodes,
  onChange,
}: {
  nodes: Extract<GuidelineBlock, { type: 'text' }>['nodes'];
  onChange: (n: typeof nodes) => void;
}) {
  const { t } = useTranslation();
  // The writing is kept as typed; its nodes are what is saved.
  const [source, setSource] = useState(() => nodesToText(nodes));
  return (
    <Textarea
      label={t('guidelines.textLabel')}
      description={t('guidelines.textHelp')}
      autosize
      minRows={4}
      value={source}
      onChange={(e) => {
        setSource(e.currentTarget.value);
        onChange(textToNodes(e.currentTarget.value));
      }}
    />
  );
}

function ColourRow({
  c,
  onChange,
  onRemove,
}: {
  c: GuidelineColour;
  onChange: (c: GuidelineColour) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <TextInput
        label={t('guidelines.colourName')}
        value={c.name}
        onChange={(e) => onChange({ ...c, name: e.currentTarget.value })}
        w={160}
      />
      <TextInput
        label="HEX"
        value={c.hex}
        onChange={(e) => onChange({ ...c, hex: e.currentTarget.value.trim() })}
        w={110}
      />
      <TextInput
        label="CMYK"
        placeholder="0, 95, 100, 0"
        defaultValue={c.cmyk?.join(', ') ?? ''}
        onChange={(e) => {
          const v = numbers(e.currentTarget.value);
          onChange({ ...c, cmyk: v.length ? (v as [number, number, number, number]) : null });
        }}
        w={140}
      />
      <TextInput
        label="Pantone"
        value={c.pantone ?? ''}
        onChange={(e) => onChange({ ...c, pantone: e.currentTarget.value || null })}
        w={140}
      />
      {onRemove && (
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={onRemove}
          aria-label={t('guidelines.removeColour', { name: c.name })}
          mb={4}
        >
          <IconTrash size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}

/** The fields of one block, by its type. */
export function BlockForm({ block: b, brandId, assets, onPick, onChange }: Props) {
  const { t } = useTranslation();
  const picker = (label: string, value: number[], set: (ids: number[]) => void, max = 1) => (
    <AssetPicker
      brandId={brandId}
      label={label}
      value={value}
      known={assets}
      max={max}
      onChange={(ids, picked) => (onPick(picked), set(ids))}
    />
  );
  const caption = (value: string | null | undefined, set: (v: string | null) => void) => (
    <TextInput
      label={t('guidelines.caption')}
      value={value ?? ''}
      onChange={(e) => set(e.currentTarget.value || null)}
    />
  );
  switch (b.type) {
    case 'text':
      return <RichTextForm nodes={b.nodes} onChange={(nodes) => onChange({ ...b, nodes })} />;
    case 'image':
    case 'video':
    case 'pdf':
      return (
        <Stack gap="xs">
          {picker(t(`guidelines.types.${b.type}`), one(b.asset_id), (ids) => onChange({ ...b, asset_id: ids[0] ?? 0 }))}
          {caption(b.caption, (v) => onChange({ ...b, caption: v }))}
        </Stack>
      );
    case 'assets':
      return (
        <Stack gap="xs">
          {picker(t('guidelines.types.assets'), b.asset_ids, (ids) => onChange({ ...b, asset_ids: ids }), 24)}
          <Chip.Group
            multiple
            value={b.downloads}
            onChange={(v) => onChange({ ...b, downloads: v as typeof b.downloads })}
          >
            <Group gap="xs" aria-label={t('guidelines.downloadOptions')}>
              {GUIDELINE_DOWNLOADS.map((f) => (
                <Chip key={f} value={f} size="xs">
                  {f === 'original'
                    ? t('guidelines.original')
                    : f === 'presets'
                      ? t('guidelines.presets')
                      : f.toUpperCase()}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
      );
    case 'palette':
      return (
        <Stack gap="xs">
          <TextInput
            label={t('guidelines.paletteTitle')}
            value={b.title ?? ''}
            onChange={(e) => onChange({ ...b, title: e.currentTarget.value || null })}
          />
          {b.colours.map((c, i) => (
            <ColourRow
              key={i}
              c={c}
              onChange={(nc) => onChange({ ...b, colours: b.colours.map((x, k) => (k === i ? nc : x)) })}
              onRemove={
                b.colours.length > 1
                  ? () => onChange({ ...b, colours: b.colours.filter((_, k) => k !== i) })
                  : undefined
              }
            />
          ))}
          <Button
            variant="subtle"
            size="compact-sm"
            w="fit-content"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange({ ...b, colours: [...b.colours, { name: '', hex: '#000000' }] })}
          >
            {t('guidelines.addColour')}
          </Button>
        </Stack>
      );
    case 'typography':
      return (
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('guidelines.fontName')}
              value={b.font_name}
              onChange={(e) => onChange({ ...b, font_name: e.currentTarget.value })}
            />
            <MultiSelect
              label={t('guidelines.weights')}
              data={['100', '200', '300', '400', '500', '600', '700', '800', '900']}
              value={b.weights.map(String)}
              onChange={(v) => onChange({ ...b, weights: v.map(Number).sort((x, y) => x - y) })}
            />
          </SimpleGrid>
          <TextInput
            label={t('guidelines.sample')}
            value={b.sample}
            onChange={(e) => onChange({ ...b, sample: e.currentTarget.value })}
          />
          {picker(t('guidelines.fontFile'), one(b.font_asset_id ?? 0), (ids) =>
            onChange({ ...b, font_asset_id: ids[0] ?? null }),
          )}
        </Stack>
      );
    case 'dodont':
      return (
        <Stack gap="sm">
          {b.pairs.map((p, i) => {
            const set = (np: typeof p) => onChange({ ...b, pairs: b.pairs.map((x, k) => (k === i ? np : x)) });
            return (
              <SimpleGrid key={i} cols={{ base: 1, sm: 2 }}>
                <Stack gap={4}>
                  {picker(t('guidelines.do'), one(p.do.asset_id), (ids) =>
                    set({ ...p, do: { ...p.do, asset_id: ids[0] ?? 0 } }),
                  )}
                  {caption(p.do.caption, (v) => set({ ...p, do: { ...p.do, caption: v } }))}
                </Stack>
                <Stack gap={4}>
                  {picker(t('guidelines.dont'), one(p.dont.asset_id), (ids) =>
                    set({ ...p, dont: { ...p.dont, asset_id: ids[0] ?? 0 } }),
                  )}
                  {caption(p.dont.caption, (v) => set({ ...p, dont: { ...p.dont, caption: v } }))}
                </Stack>
              </SimpleGrid>
            );
          })}
          <Group gap="xs">
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus size={14} />}
              onClick={() => onChange({ ...b, pairs: [...b.pairs, { do: { asset_id: 0 }, dont: { asset_id: 0 } }] })}
            >
              {t('guidelines.addPair')}
            </Button>
            {b.pairs.length > 1 && (
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                onClick={() => onChange({ ...b, pairs: b.pairs.slice(0, -1) })}
              >
                {t('guidelines.removePair')}
              </Button>
            )}
          </Group>
        </Stack>
      );
    case 'callout':
      return (
        <Stack gap="xs">
          <Select
            label={t('guidelines.tone')}
            data={(['info', 'warning', 'success'] as const).map((v) => ({
              value: v,
              label: t(`guidelines.tones.${v}`),
            }))}
            value={b.tone}
            onChange={(v) => v && onChange({ ...b, tone: v as typeof b.tone })}
            allowDeselect={false}
          />
          <Textarea
            label={t('guidelines.textLabel')}
            autosize
            minRows={2}
            value={b.text}
            onChange={(e) => onChange({ ...b, text: e.currentTarget.value })}
          />
        </Stack>
      );
    case 'divider':
      return null;
  }
}
