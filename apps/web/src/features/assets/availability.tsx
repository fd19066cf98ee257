import { Alert, Badge } from '@mantine/core';
import type { AssetAvailability, AssetView, CardReview, DownloadGate, LicenceTerms } from '@brandvault/contract';
import { IconClockExclamation, IconHourglass, IconBan, IconEyeCheck } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../i18n';
import { formatDate } from '../../i18n/format';

/** A YYYY-MM-DD day in the reader's words (noon UTC: the same day in every time zone). */
export const formatDay = (day: string | null) => (day ? formatDate(`${day}T12:00:00Z`) : '');

/** What decided the availability, in words: "licence ‘Stock Co. 2026’". */
function reasonText(a: AssetAvailability, t: TFunction): string {
  const r = a.reason;
  // Guests are not told whose release it is (the server leaves the name out for them).
  if (r?.kind === 'consent' && !r.name) return t('availability.reason.consentUnnamed');
  if (!r || r.kind === 'asset' || !r.name) return t('availability.reason.asset');
  return t(`availability.reason.${r.kind}`, { name: r.name });
}

/** "Expired 12 Mar 2027: licence ‘Stock Co. 2026’"; empty while available with no end near. */
export function availabilityText(a: AssetAvailability, t: TFunction): string {
  if (a.state === 'available') return '';
  return t(`availability.says.${a.state}`, { date: formatDay(a.date), reason: reasonText(a, t) });
}

const COLOR = { expiring: 'yellow', expired: 'red', embargoed: 'grape' } as const;
const ICON = { expiring: IconClockExclamation, expired: IconBan, embargoed: IconHourglass } as const;

/**
 * The marks members see on cards and pages (issue 40): expiring, expired or embargoed with the
 * date, and an upload awaiting review or rejected. Nothing for an approved, available asset.
 */
export function AvailabilityBadges({
  availability,
  review,
  size = 'xs',
}: {
  availability: AssetAvailability;
  review: CardReview;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  const s = availability.state;
  return (
    <>
      {s !== 'available' &&
        (() => {
          const Icon = ICON[s];
          return (
            <Badge
              size={size}
              variant="light"
              color={COLOR[s]}
              leftSection={<Icon size={10} aria-hidden />}
              title={availabilityText(availability, t)}
              style={{ flex: 'none' }}
              data-testid="availability-badge"
            >
              {t(`availability.badge.${s}`, { date: formatDay(availability.date) })}
            </Badge>
          );
        })()}
      {review.state !== 'approved' && (
        <Badge
          size={size}
          variant="light"
          color={review.state === 'rejected' ? 'red' : 'blue'}
          leftSection={<IconEyeCheck size={10} aria-hidden />}
          title={review.reason ?? undefined}
          style={{ flex: 'none' }}
          data-testid="review-badge"
        >
          {t(`availability.review.${review.state}`)}
        </Badge>
      )}
    </>
  );
}

/** Whether a card carries a mark: not available, or not approved. */
export const marked = (a: { availability: AssetAvailability; review: CardReview }) =>
  a.availability.state !== 'available' || a.review.state !== 'approved';

/** A territory code in the reader's language ("Spain"), or "Worldwide". */
export function territoryName(code: string, t: TFunction): string {
  if (code === 'WW') return t('availability.worldwide');
  try {
    return new Intl.DisplayNames([currentLang()], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * One licence's terms for the confirmation, a fact a line (the dialog keeps the breaks): run
 * together with dots, the name, terms, channels and territories read as one long sentence.
 */
export function termsLine(l: LicenceTerms, t: TFunction): string {
  const parts = [l.holder ? `${l.name} (${l.holder})` : l.name];
  if (l.terms?.trim()) parts.push(l.terms.trim());
  if (l.channels.length) parts.push(t('availability.terms.channels', { list: l.channels.join(', ') }));
  if (l.territories.length)
    parts.push(t('availability.terms.territories', { list: l.territories.map((c) => territoryName(c, t)).join(', ') }));
  if (l.valid_until) parts.push(t('availability.terms.until', { date: formatDay(l.valid_until) }));
  return parts.join('\n');
}

/** The lines a download's confirmation shows: the expiry warning, then each licence. */
export function gateLines(gate: DownloadGate, availability: AssetAvailability, t: TFunction): string[] {
  const lines: string[] = [];
  if (gate.warn) lines.push(availabilityText(availability, t));
  for (const l of gate.terms) lines.push(termsLine(l, t));
  return lines;
}

/**
 * The asset page's notice of an asset not available for use: expired or embargoed (with what
 * decided it and whether it may be downloaded), or expiring soon. Reviews have their own banner.
 */
export function AvailabilityNotice({ asset }: { asset: AssetView }) {
  const { t } = useTranslation();
  const a = asset.availability;
  if (a.state === 'available') return null;
  const off = a.state === 'expired' || a.state === 'embargoed';
  return (
    <Alert
      mb="lg"
      color={a.state === 'expired' ? 'red' : a.state === 'expiring' ? 'yellow' : 'grape'}
      title={availabilityText(a, t)}
      data-testid="availability-notice"
    >
      {off
        ? asset.download_gate.blocked
          ? t('availability.blocked')
          : t(a.state === 'embargoed' ? 'availability.warnNoteEmbargoed' : 'availability.warnNote')
        : t('availability.expiringNote')}
    </Alert>
  );
}
