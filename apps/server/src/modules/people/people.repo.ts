import type { Db } from '../../db/index.js';
import { analysisRepo } from '../analysis/switch/analysis.repo.js';
import { decodeDescriptor, nearestPerson } from './people.faces.js';

/** A face found in an asset, ready to store. */
export interface FoundFace {
  box: string;
  score: number;
  descriptor: string;
}

/** Faces and people of brands (issue 42 §3). */
export function peopleRepo(db: Db) {
  /** Runs `f` in the caller's transaction, or in one of its own (jobs call outside one). */
  const atomically = <T>(f: (t: Db) => Promise<T>): Promise<T> =>
    db.isTransaction ? f(db) : db.transaction().execute((t) => f(t as Db));

  /** Rewrites the 'people' words of these assets: the names of named, shown people in them. */
  async function rewriteWords(t: Db, assetIds: number[]) {
    if (!assetIds.length) return;
    const rows = await t
      .selectFrom('asset_faces')
      .innerJoin('people', 'people.id', 'asset_faces.person_id')
      .select(['asset_faces.asset_id', 'people.name'])
      .where('asset_faces.asset_id', 'in', assetIds)
      .where('people.hidden', '=', 0)
      .where('people.name', 'is not', null)
      .orderBy('people.name')
      .execute();
    const found = analysisRepo(t);
    for (const id of new Set(assetIds)) {
      const names = [...new Set(rows.filter((r) => r.asset_id === id).map((r) => r.name!))];
      await found.setFoundWords(id, 'people', names.join(' '));
    }
  }

  /**
   * Moves the brand's search generation: kept search answers filtered by person (and the words of
   * renamed people) were made before this change.
   */
  const bump = (t: Db, brandId: number) =>
    t
      .insertInto('search_generations')
      .values({ brand_id: brandId, n: 1 })
      .onConflict((oc) => oc.column('brand_id').doUpdateSet((eb) => ({ n: eb('search_generations.n', '+', 1) })))
      .execute();

  /** The brand of a person. */
  const brandOf = async (t: Db, personId: number) =>
    (await t.selectFrom('people').select('brand_id').where('id', '=', personId).executeTakeFirstOrThrow()).brand_id;

  /** Assets with a face of one of these people. */
  const assetsOf = async (t: Db, personIds: number[]) =>
    personIds.length
      ? (
          await t.selectFrom('asset_faces').select('asset_id').distinct().where('person_id', 'in', personIds).execute()
        ).map((r) => r.asset_id)
      : [];

  /** Points each person without a cover (or whose cover face went) at their best face; drops faceless people. */
  async function tidy(t: Db, personIds: number[]) {
    for (const id of new Set(personIds)) {
      const best = await t
        .selectFrom('asset_faces')
        .select('id')
        .where('person_id', '=', id)
        .orderBy('score', 'desc')
        .orderBy('id')
        .executeTakeFirst();
      if (!best) await t.deleteFrom('people').where('id', '=', id).execute();
      else {
        const p = await t.selectFrom('people').select('cover_face_id').where('id', '=', id).executeTakeFirst();
        const cover = p?.cover_face_id
          ? await t
              .selectFrom('asset_faces')
              .select('id')
              .where('id', '=', p.cover_face_id)
              .where('person_id', '=', id)
              .executeTakeFirst()
          : undefined;
        if (!cover) await t.updateTable('people').set({ cover_face_id: best.id }).where('id', '=', id).execute();
      }
    }
  }

  return {
    state: (assetId: number) =>
      db.selectFrom('asset_faces_state').selectAll().where('asset_id', '=', assetId).executeTakeFirst(),

    /**
     * Stores one analysis of an asset's revision, atomically: its faces replace the asset's old ones,
     * each joining the nearest person of the brand (the old faces of this asset count, so people who
     * remain keep their names) or a new unnamed one; people left without faces go; the asset's
     * 'people' words follow.
     */
    saveAnalysis: (a: {
      assetId: number;
      brandId: number;
      rev: number;
      state: 'done' | 'skipped' | 'failed';
      reason: string | null;
      faces: FoundFace[];
      now: string;
    }) =>
      atomically(async (t) => {
        await analysisRepo(t).lockAssets([a.assetId]);
        // The brand's search generation row, taken before reading its faces, makes two face saves
        // of one brand wait for each other: otherwise each misses the other's new face and one
        // face becomes two people (PostgreSQL; SQLite has one writer).
        if (a.faces.length) await bump(t, a.brandId);
        const old = await t.selectFrom('asset_faces').select('person_id').where('asset_id', '=', a.assetId).execute();
        const known = a.faces.length
          ? (
              await t
                .selectFrom('asset_faces')
                .select(['person_id', 'descriptor'])
                .where('brand_id', '=', a.brandId)
                .execute()
            ).map((r) => ({ person_id: r.person_id, descriptor: decodeDescriptor(r.descriptor) }))
          : [];
        await t.deleteFrom('asset_faces').where('asset_id', '=', a.assetId).execute();
        const touched = old.map((o) => o.person_id);
        const taken = new Set<number>();
        for (const f of a.faces) {
          let person = nearestPerson(decodeDescriptor(f.descriptor), known, taken);
          if (person === null)
            person = Number(
              (
                await t
                  .insertInto('people')
                  .values({
                    brand_id: a.brandId,
                    name: null,
                    hidden: 0,
                    cover_face_id: null,
                    created_at: a.now,
                    updated_at: a.now,
                  })
                  .returning('id')
                  .executeTakeFirstOrThrow()
              ).id,
            );
          await t
            .insertInto('asset_faces')
            .values({
              asset_id: a.assetId,
              brand_id: a.brandId,
              rev: a.rev,
              box: f.box,
              score: f.score,
              descriptor: f.descriptor,
              person_id: person,
            })
            .execute();
          touched.push(person);
          taken.add(person);
        }
        await tidy(t, touched);
        await rewriteWords(t, [a.assetId]);
        if (touched.length && !a.faces.length) await bump(t, a.brandId);
        const state = { brand_id: a.brandId, rev: a.rev, state: a.state, reason: a.reason, analysed_at: a.now };
        await t
          .insertInto('asset_faces_state')
          .values({ asset_id: a.assetId, ...state })
          .onConflict((oc) => oc.column('asset_id').doUpdateSet(state))
          .execute();
      }),

    /** Active images of a brand with no face analysis of their latest revision. */
    missing: (brandId: number) =>
      db
        .selectFrom('assets')
        .leftJoin('asset_faces_state', 'asset_faces_state.asset_id', 'assets.id')
        .select(['assets.id', 'assets.derivative_rev'])
        .where('assets.brand_id', '=', brandId)
        .where('assets.type', '=', 'image')
        .where('assets.status', '=', 'ACTIVE')
        .where((eb) =>
          eb.or([
            eb('asset_faces_state.asset_id', 'is', null),
            eb('asset_faces_state.rev', '!=', eb.ref('assets.derivative_rev')),
          ]),
        )
        .orderBy('assets.id')
        .execute(),

    /** Deletes every face, person and analysis state of the brand and the people words of its assets. */
    async forgetBrand(brandId: number) {
      const words = await db
        .selectFrom('asset_found_words')
        .innerJoin('assets', 'assets.id', 'asset_found_words.asset_id')
        .select('assets.id')
        .where('assets.brand_id', '=', brandId)
        .where('asset_found_words.kind', '=', 'people')
        .execute();
      await analysisRepo(db).lockAssets(words.map((w) => w.id));
      const faces = await db.deleteFrom('asset_faces').where('brand_id', '=', brandId).executeTakeFirst();
      const people = await db.deleteFrom('people').where('brand_id', '=', brandId).executeTakeFirst();
      await db.deleteFrom('asset_faces_state').where('brand_id', '=', brandId).execute();
      await bump(db, brandId);
      const found = analysisRepo(db);
      for (const w of words) await found.setFoundWords(w.id, 'people', '');
      return { faces: Number(faces.numDeletedRows), people: Number(people.numDeletedRows) };
    },

    /** Every face of the brand with its asset and person: the lists filter them by what the caller sees. */
    brandFaces: (brandId: number) =>
      db
        .selectFrom('asset_faces')
        .select(['id', 'asset_id', 'person_id', 'score'])
        .where('brand_id', '=', brandId)
        .execute(),

    people: (ids: number[]) =>
      ids.length ? db.selectFrom('people').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]),

    person: (id: number) => db.selectFrom('people').selectAll().where('id', '=', id).executeTakeFirst(),

    facesOfPerson: (personId: number) =>
      db
        .selectFrom('asset_faces')
        .innerJoin('assets', 'assets.id', 'asset_faces.asset_id')
        .select(['asset_faces.id', 'asset_faces.asset_id', 'assets.name as asset_name', 'assets.thumb_key'])
        .where('asset_faces.person_id', '=', personId)
        .orderBy('asset_faces.asset_id')
        .orderBy('asset_faces.id')
        .execute(),

    face: (id: number) =>
      db
        .selectFrom('asset_faces')
        .innerJoin('assets', 'assets.id', 'asset_faces.asset_id')
        .select([
          'asset_faces.id',
          'asset_faces.asset_id',
          'asset_faces.box',
          'asset_faces.rev',
          'assets.preview_key',
          'assets.derivative_rev',
        ])
        .where('asset_faces.id', '=', id)
        .executeTakeFirst(),

    faces: (ids: number[]) =>
      ids.length
        ? db.selectFrom('asset_faces').select(['id', 'asset_id', 'person_id']).where('id', 'in', ids).execute()
        : Promise.resolve([]),

    /** The shown people in an asset, one face each. */
    inAsset: (assetId: number) =>
      db
        .selectFrom('asset_faces')
        .innerJoin('people', 'people.id', 'asset_faces.person_id')
        .select(['people.id', 'people.name', 'asset_faces.id as face_id'])
        .where('asset_faces.asset_id', '=', assetId)
        .where('people.hidden', '=', 0)
        .orderBy('people.name')
        .orderBy('asset_faces.id')
        .execute(),

    async rename(id: number, name: string, now: string) {
      await analysisRepo(db).lockAssets(await assetsOf(db, [id]));
      await db.updateTable('people').set({ name, updated_at: now }).where('id', '=', id).execute();
      await rewriteWords(db, await assetsOf(db, [id]));
      await bump(db, await brandOf(db, id));
    },

    async setHidden(id: number, hidden: boolean, now: string) {
      await analysisRepo(db).lockAssets(await assetsOf(db, [id]));
      await db
        .updateTable('people')
        .set({ hidden: hidden ? 1 : 0, updated_at: now })
        .where('id', '=', id)
        .execute();
      await rewriteWords(db, await assetsOf(db, [id]));
    },

    /** Moves every face of `from` to `into`, then `from` goes. */
    async merge(from: number, into: number, now: string) {
      const assets = await assetsOf(db, [from]);
      await analysisRepo(db).lockAssets(assets);
      await bump(db, await brandOf(db, from));
      await db.updateTable('asset_faces').set({ person_id: into }).where('person_id', '=', from).execute();
      await db.deleteFrom('people').where('id', '=', from).execute();
      await db.updateTable('people').set({ updated_at: now }).where('id', '=', into).execute();
      await tidy(db, [into]);
      await rewriteWords(db, assets);
    },

    /** Moves these faces of `from` to a new person of the brand; answers its id. */
    async split(from: { id: number; brand_id: number }, faceIds: number[], name: string | null, now: string) {
      await analysisRepo(db).lockAssets(await assetsOf(db, [from.id]));
      const id = Number(
        (
          await db
            .insertInto('people')
            .values({ brand_id: from.brand_id, name, hidden: 0, cover_face_id: null, created_at: now, updated_at: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      await db
        .updateTable('asset_faces')
        .set({ person_id: id })
        .where('id', 'in', faceIds)
        .where('person_id', '=', from.id)
        .execute();
      await tidy(db, [from.id, id]);
      await bump(db, from.brand_id);
      await rewriteWords(db, await assetsOf(db, [from.id, id]));
      return id;
    },
  };
}
export type PeopleRepo = ReturnType<typeof peopleRepo>;

declare module '../../deps/repos.js' {
  interface Repos {
    people: PeopleRepo;
  }
}
