import { useEffect, useState } from 'react';
import {
  Anchor,
  Collapse,
  Group,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconFolder } from '@tabler/icons-react';
import type { Visibility } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../state/access';
import { useFolder } from '../../folders/api';
import { useAllowedExtensions } from '../../extensions/api';
import { TypeIcon } from '../../../ui/TypeIcon';
import type { CommonMeta } from './useTusUploader';
import classes from './UploadDialog.module.css';
import { ASSET_DESCRIPTION_MAX } from '@brandvault/contract';
import { CharCount } from '../../../ui/form/CharCount';
import { useKeywordSuggestions } from '../api';

/** "To Acme / Campaigns / Spring": where the files will land, named before anything is sent. */
export function UploadDestination({ folderId }: { folderId: number }) {
  const { t } = useTranslation();
  const folder = useFolder(folderId).data?.folder;
  if (!folder) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="upload-destination">
      <IconFolder size={16} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm" truncate>
        {t('upload.destination', { path: folder.breadcrumbs.map((c) => c.name).join(' / ') })}
      </Text>
    </Group>
  );
}

const SHOWN = 12;

/** The active file types, a dozen at first, all on request: a refused upload should not be a surprise. */
export function AllowedTypes() {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const types = useAllowedExtensions();
  const names = (types.data?.items ?? []).map((e) => e.name.toUpperCase());
  if (names.length === 0) return null;
  const shown = all ? names : names.slice(0, SHOWN);
  return (
    <Text size="xs" c="dimmed" ta="center" data-testid="upload-allowed">
      {t('upload.allowed', { types: shown.join(', ') })}
      {names.length > SHOWN && (
        <>
          {' '}
          <Anchor component="button" type="button" size="xs" onClick={() => setAll((v) => !v)}>
            {all ? t('upload.allowedFewer') : t('upload.allowedMore', { count: names.length - SHOWN })}
          </Anchor>
        </>
      )}
    </Text>
  );
}

/** Description, keywords and visibility for every file of the round, folded away until wanted. */
export function ApplyToAll({
  brandId,
  value,
  onChange,
}: {
  brandId: number;
  value: CommonMeta;
  onChange: (v: CommonMeta) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The brand's keywords in use are offered as one types, as on the asset's own form.
  const [typed, setTyped] = useState('');
  const suggested = useKeywordSuggestions(brandId, typed);
  const canPrivate = useCan().permission('content.private');
  return (
    <div className={classes.common}>
      <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} className={classes.commonToggle}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={500}>
            {t('upload.common.title')}
          </Text>
          <IconChevronDown size={16} aria-hidden style={{ transform: open ? 'rotate(180deg)' : undefined }} />
        </Group>
      </UnstyledButton>
      <Collapse expanded={open}>
        <Stack gap="xs" pt="xs">
          <Text size="xs" c="dimmed">
            {t('upload.common.hint')}
          </Text>
          <Textarea
            label={t('assets.fields.description')}
            autosize
            minRows={2}
            maxRows={5}
            maxLength={ASSET_DESCRIPTION_MAX}
            description={<CharCount value={value.description} max={ASSET_DESCRIPTION_MAX} />}
            value={value.description ?? ''}
            onChange={(e) => onChange({ ...value, description: e.currentTarget.value })}
          />
          <TagsInput
            label={t('assets.fields.keywords')}
            value={value.keywords ?? []}
            onChange={(keywords) => onChange({ ...value, keywords })}
            searchValue={typed}
            onSearchChange={setTyped}
            data={(suggested.data?.items ?? []).map((k) => k.value)}
            maxTags={100}
            clearable
          />
          {canPrivate && (
            <div>
              <Text size="sm" fw={500} mb={4} id="upload-visibility">
                {t('assets.fields.visibility')}
              </Text>
              <SegmentedControl
                aria-labelledby="upload-visibility"
                value={value.visibility ?? 'PUBLIC'}
                onChange={(v) => onChange({ ...value, visibility: v as Visibility })}
                data={[
                  { value: 'PUBLIC', label: t('visibility.PUBLIC') },
                  { value: 'PRIVATE', label: t('visibility.PRIVATE') },
                ]}
              />
            </div>
          )}
        </Stack>
      </Collapse>
    </div>
  );
}

/** A small picture of an image file before it is sent; other files show their type's icon. */
export function FileThumb({ file }: { file: File | undefined }) {
  const [url, setUrl] = useState<string | null>(null);
  // A file named like a picture whose content is not one shows its type's icon, not a broken image.
  const [broken, setBroken] = useState<File | null>(null);
  const isImage = !!file && /^image\/(jpeg|png|gif|webp|avif|bmp)$/.test(file.type);
  useEffect(() => {
    if (!file || !isImage) return;
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file, isImage]);
  const type = file?.type.startsWith('video/') ? 'video' : file?.type.startsWith('audio/') ? 'audio' : 'other';
  return (
    <div className={classes.thumb} aria-hidden>
      {isImage && url && broken !== file ? (
        <img src={url} alt="" onError={() => setBroken(file)} />
      ) : (
        <TypeIcon type={isImage ? 'image' : type} size={18} />
      )}
    </div>
  );
}
