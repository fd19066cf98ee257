import { z } from 'zod';
import { Id } from './common.js';

/**
 * Objects and scenes (issue 42 §2): the 80 classes of the object model (COCO, as CenterNet names
 * them), keyed by the English name with underscores, named by hand in English and Spanish.
 */
export const LABELS = {
  person: { en: 'person', es: 'persona' },
  bicycle: { en: 'bicycle', es: 'bicicleta' },
  car: { en: 'car', es: 'coche' },
  motorcycle: { en: 'motorcycle', es: 'moto' },
  airplane: { en: 'airplane', es: 'avión' },
  bus: { en: 'bus', es: 'autobús' },
  train: { en: 'train', es: 'tren' },
  truck: { en: 'truck', es: 'camión' },
  boat: { en: 'boat', es: 'barco' },
  traffic_light: { en: 'traffic light', es: 'semáforo' },
  fire_hydrant: { en: 'fire hydrant', es: 'boca de incendios' },
  stop_sign: { en: 'stop sign', es: 'señal de stop' },
  parking_meter: { en: 'parking meter', es: 'parquímetro' },
  bench: { en: 'bench', es: 'banco' },
  bird: { en: 'bird', es: 'pájaro' },
  cat: { en: 'cat', es: 'gato' },
  dog: { en: 'dog', es: 'perro' },
  horse: { en: 'horse', es: 'caballo' },
  sheep: { en: 'sheep', es: 'oveja' },
  cow: { en: 'cow', es: 'vaca' },
  elephant: { en: 'elephant', es: 'elefante' },
  bear: { en: 'bear', es: 'oso' },
  zebra: { en: 'zebra', es: 'cebra' },
  giraffe: { en: 'giraffe', es: 'jirafa' },
  backpack: { en: 'backpack', es: 'mochila' },
  umbrella: { en: 'umbrella', es: 'paraguas' },
  handbag: { en: 'handbag', es: 'bolso' },
  tie: { en: 'tie', es: 'corbata' },
  suitcase: { en: 'suitcase', es: 'maleta' },
  frisbee: { en: 'frisbee', es: 'frisbi' },
  skis: { en: 'skis', es: 'esquís' },
  snowboard: { en: 'snowboard', es: 'tabla de snowboard' },
  sports_ball: { en: 'sports ball', es: 'pelota' },
  kite: { en: 'kite', es: 'cometa' },
  baseball_bat: { en: 'baseball bat', es: 'bate de béisbol' },
  baseball_glove: { en: 'baseball glove', es: 'guante de béisbol' },
  skateboard: { en: 'skateboard', es: 'monopatín' },
  surfboard: { en: 'surfboard', es: 'tabla de surf' },
  tennis_racket: { en: 'tennis racket', es: 'raqueta de tenis' },
  bottle: { en: 'bottle', es: 'botella' },
  wine_glass: { en: 'wine glass', es: 'copa de vino' },
  cup: { en: 'cup', es: 'taza' },
  fork: { en: 'fork', es: 'tenedor' },
  knife: { en: 'knife', es: 'cuchillo' },
  spoon: { en: 'spoon', es: 'cuchara' },
  bowl: { en: 'bowl', es: 'cuenco' },
  banana: { en: 'banana', es: 'plátano' },
  apple: { en: 'apple', es: 'manzana' },
  sandwich: { en: 'sandwich', es: 'sándwich' },
  orange: { en: 'orange', es: 'naranja' },
  broccoli: { en: 'broccoli', es: 'brócoli' },
  carrot: { en: 'carrot', es: 'zanahoria' },
  hot_dog: { en: 'hot dog', es: 'perrito caliente' },
  pizza: { en: 'pizza', es: 'pizza' },
  donut: { en: 'donut', es: 'dónut' },
  cake: { en: 'cake', es: 'tarta' },
  chair: { en: 'chair', es: 'silla' },
  couch: { en: 'couch', es: 'sofá' },
  potted_plant: { en: 'potted plant', es: 'planta en maceta' },
  bed: { en: 'bed', es: 'cama' },
  dining_table: { en: 'dining table', es: 'mesa de comedor' },
  toilet: { en: 'toilet', es: 'inodoro' },
  tv: { en: 'TV', es: 'televisor' },
  laptop: { en: 'laptop', es: 'portátil' },
  mouse: { en: 'mouse', es: 'ratón' },
  remote: { en: 'remote control', es: 'mando a distancia' },
  keyboard: { en: 'keyboard', es: 'teclado' },
  cell_phone: { en: 'mobile phone', es: 'teléfono móvil' },
  microwave: { en: 'microwave', es: 'microondas' },
  oven: { en: 'oven', es: 'horno' },
  toaster: { en: 'toaster', es: 'tostadora' },
  sink: { en: 'sink', es: 'fregadero' },
  refrigerator: { en: 'refrigerator', es: 'frigorífico' },
  book: { en: 'book', es: 'libro' },
  clock: { en: 'clock', es: 'reloj' },
  vase: { en: 'vase', es: 'jarrón' },
  scissors: { en: 'scissors', es: 'tijeras' },
  teddy_bear: { en: 'teddy bear', es: 'osito de peluche' },
  hair_drier: { en: 'hair dryer', es: 'secador de pelo' },
  toothbrush: { en: 'toothbrush', es: 'cepillo de dientes' },
} as const satisfies Record<string, { en: string; es: string }>;

export type LabelKey = keyof typeof LABELS;
export const LABEL_KEYS = Object.keys(LABELS) as [LabelKey, ...LabelKey[]];
export const LabelKeySchema = z.enum(LABEL_KEYS);

/** The key of a class as the model names it ("tennis racket" → tennis_racket); null if unknown. */
export function labelKeyOf(modelLabel: string): LabelKey | null {
  const key = modelLabel.trim().toLowerCase().replace(/\s+/g, '_');
  return key in LABELS ? (key as LabelKey) : null;
}

/** A label's state: suggested by the model, accepted into keywords, or rejected for the asset. */
export const LABEL_STATES = ['suggested', 'accepted', 'rejected'] as const;
export const OBJECTS_STATES = ['pending', 'done', 'skipped', 'failed'] as const;

/** One label of an asset at or above the brand's threshold; `score` 0–1 (the best of its boxes). */
export const AssetLabel = z.object({
  key: LabelKeySchema,
  name_en: z.string(),
  name_es: z.string(),
  score: z.number(),
  state: z.enum(LABEL_STATES),
});

/**
 * What the object analysis found for the asset's current version: rejected labels and labels
 * under the brand's threshold are left out. `can_decide`: the caller may accept or reject.
 */
export const AssetLabels = z.object({
  state: z.enum(OBJECTS_STATES),
  reason: z.string().nullable(),
  items: z.array(AssetLabel),
  can_decide: z.boolean(),
});
export const AssetLabelsResponse = z.object({ labels: AssetLabels });

/** A label of the brand with how many assets the caller may see hold it (for the "Detected" filter). */
export const BrandLabel = z.object({
  key: LabelKeySchema,
  name_en: z.string(),
  name_es: z.string(),
  count: z.number().int(),
});
export const BrandLabelsResponse = z.object({ items: z.array(BrandLabel) });

export const LabelParams = z.object({ id: Id, label: LabelKeySchema });

export type AssetLabel = z.infer<typeof AssetLabel>;
export type AssetLabels = z.infer<typeof AssetLabels>;
export type BrandLabel = z.infer<typeof BrandLabel>;
