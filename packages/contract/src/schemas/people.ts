import { z } from 'zod';
import { Id, text } from './common.js';

/** People found in a brand's images (issue 42 §3); off until an admin turns faces on. */
export const FACES_STATES = ['pending', 'done', 'skipped', 'failed'] as const;
export const PERSON_NAME_MAX = 120;

/**
 * The notice an admin acknowledges before turning faces on (the same words on the page and in
 * the docs): face descriptors are personal data.
 */
export const FACES_NOTICE = {
  en: 'Finding people stores a descriptor of every face in this brand’s images: biometric personal data. Turn it on only if you have a lawful basis (such as the consent of the people shown) and tell them. Turning it off deletes every face descriptor and person of the brand.',
  es: 'Buscar personas guarda un descriptor de cada cara de las imágenes de esta marca: datos personales biométricos. Actívalo solo si tienes una base legal (como el consentimiento de las personas que aparecen) e infórmales. Desactivarlo elimina todos los descriptores de caras y personas de la marca.',
};

/** A person of the brand: `faces`, how many faces in assets the caller can see; `cover_url`, a crop. */
export const Person = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  hidden: z.boolean(),
  faces: z.number().int(),
  cover_url: z.string().nullable(),
});
export type Person = z.infer<typeof Person>;

export const PeopleList = z.object({
  /** Whether faces are on for the brand (and the installation runs them). */
  enabled: z.boolean(),
  /** Whether the installation runs face analysis at all. */
  available: z.boolean(),
  /** Whether the caller may turn faces on and off (admins). */
  can_switch: z.boolean(),
  /** Whether the caller may name, merge, split and hide. */
  can_manage: z.boolean(),
  items: z.array(Person),
});
export type PeopleList = z.infer<typeof PeopleList>;

export const PeopleListQuery = z.object({ hidden: z.enum(['0', '1']).optional() });
/** A face crop's signed link (the lists hand them out): its user, whose rights are checked again. */
export const FaceCropQuery = z.object({
  u: Id.optional(),
  exp: text().max(32).optional(),
  sig: text().max(128).optional(),
});

/** One face in an asset: `box` in the preview's pixels, as a share of its width and height. */
export const PersonFace = z.object({
  id: z.number().int(),
  asset_id: z.number().int(),
  asset_name: z.string(),
  thumbnail_url: z.string().nullable(),
  crop_url: z.string(),
});
export const PersonDetail = z.object({ person: Person, faces: z.array(PersonFace) });
export type PersonDetail = z.infer<typeof PersonDetail>;

/** Who is in an asset (hidden people left out). */
export const AssetPeople = z.object({
  state: z.enum(FACES_STATES),
  reason: z.string().nullable(),
  can_manage: z.boolean(),
  people: z.array(z.object({ id: z.number().int(), name: z.string().nullable(), crop_url: z.string() })),
});
export type AssetPeople = z.infer<typeof AssetPeople>;

export const FacesSwitchBody = z
  .strictObject({ enabled: z.boolean(), acknowledged: z.boolean().default(false) })
  .superRefine((b, ctx) => {
    if (b.enabled && !b.acknowledged)
      ctx.addIssue({ code: 'custom', path: ['acknowledged'], params: { key: 'acknowledge' }, input: b.acknowledged });
  });
export const FacesSwitched = z.object({ enabled: z.boolean(), job_id: z.number().int().nullable() });

export const PersonNameBody = z.strictObject({ name: text().trim().min(1).max(PERSON_NAME_MAX) });
export const PersonMergeBody = z.strictObject({ into: Id });
export const PersonSplitBody = z.strictObject({
  faces: z.array(Id).min(1).max(500),
  name: text().trim().min(1).max(PERSON_NAME_MAX).optional(),
});
export const PersonHideBody = z.strictObject({ hidden: z.boolean() });
export const PersonAnswer = z.object({ person: Person });
export const FaceCropParams = z.object({ id: Id });
