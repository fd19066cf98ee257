import { def } from '../core/routeDef.js';
import { IdParams } from './common.js';
import {
  FaceCropQuery,
  AssetPeople,
  FacesSwitchBody,
  FacesSwitched,
  PeopleList,
  PeopleListQuery,
  PersonAnswer,
  PersonDetail,
  PersonHideBody,
  PersonMergeBody,
  PersonNameBody,
  PersonSplitBody,
} from './people.js';
import { z } from 'zod';

/**
 * People (issue 42 §3). A person, a face and its crop are as visible as the assets they appear
 * in: a person seen only in assets the caller cannot see is a 404. Those with `asset.update` in
 * the brand name, merge, split and hide; only admins turn faces on and off.
 */
export const peopleRoutes = {
  facesSwitch: def({
    method: 'PUT',
    path: '/api/ops/brand/:id/faces',
    access: { role: 'admin' },
    summary: 'Turns finding people on (acknowledging the personal-data notice) or off (deletes every face)',
    params: IdParams,
    body: FacesSwitchBody,
    response: FacesSwitched,
  }),
  peopleList: def({
    method: 'GET',
    path: '/api/ops/brand/:id/people',
    access: 'user',
    summary: 'People of a brand who appear in assets the caller can see',
    params: IdParams,
    query: PeopleListQuery,
    response: PeopleList,
  }),
  personShow: def({
    method: 'GET',
    path: '/api/ops/person/:id',
    access: 'user',
    summary: 'A person and their faces in assets the caller can see',
    params: IdParams,
    response: PersonDetail,
  }),
  personName: def({
    method: 'PUT',
    path: '/api/ops/person/:id/name',
    access: { permission: 'asset.update' },
    summary: 'Names a person',
    params: IdParams,
    body: PersonNameBody,
    response: PersonAnswer,
  }),
  personMerge: def({
    method: 'POST',
    path: '/api/ops/person/:id/merge',
    access: { permission: 'asset.update' },
    summary: 'Merges this person into another of the brand',
    params: IdParams,
    body: PersonMergeBody,
    response: PersonAnswer,
  }),
  personSplit: def({
    method: 'POST',
    path: '/api/ops/person/:id/split',
    access: { permission: 'asset.update' },
    summary: "Moves some of a person's faces to a new person",
    params: IdParams,
    body: PersonSplitBody,
    response: PersonAnswer,
    status: 201,
  }),
  personHide: def({
    method: 'PUT',
    path: '/api/ops/person/:id/hidden',
    access: { permission: 'asset.update' },
    summary: 'Hides a person from asset pages and filters (their faces are kept), or shows them again',
    params: IdParams,
    body: PersonHideBody,
    response: PersonAnswer,
  }),
  faceCrop: def({
    method: 'GET',
    path: '/api/ops/face/:id/crop',
    access: 'public',
    summary: 'A small JPEG of one face, to callers who can see its asset (bearer token or signed link)',
    params: IdParams,
    query: FaceCropQuery,
    response: z.unknown(),
    raw: true,
  }),
  assetPeople: def({
    method: 'GET',
    path: '/api/ops/asset/:id/people',
    access: 'user',
    summary: 'Who is in an asset (hidden people left out)',
    params: IdParams,
    response: AssetPeople,
  }),
};
