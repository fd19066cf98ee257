import { IconFile, IconFileText, IconMovie, IconMusic, IconPhoto } from '@tabler/icons-react';
import type { AssetType } from '@brandvault/contract';

const ICONS = {
  image: IconPhoto,
  video: IconMovie,
  audio: IconMusic,
  document: IconFileText,
  other: IconFile,
} as const;

export function TypeIcon({ type, size = 40 }: { type: AssetType; size?: number }) {
  const Icon = ICONS[type] ?? IconFile;
  return <Icon size={size} stroke={1.3} color="var(--mantine-color-gray-5)" aria-hidden />;
}
