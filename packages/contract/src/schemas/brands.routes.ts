import { def } from '../core/routeDef.js';
import {
  BrandAllQuery,
  BrandCreateBody,
  BrandFaceOfPath,
  BrandFaceQuery,
  BrandList,
  BrandPage,
  BrandResponse,
  BrandStatusBody,
  BrandUpdateBody,
} from './brands.js';
import { IdParams } from './common.js';

/** Brands (§7). */
export const brandsRoutes = {
  brandList: def({
    method: 'GET',
    path: '/api/ops/brand/list',
    access: 'user',
    summary: "The caller's brands",
    response: BrandList,
  }),
  brandAll: def({
    method: 'GET',
    path: '/api/ops/brand/all',
    access: { permission: 'brand.manage' },
    summary: 'Every brand',
    query: BrandAllQuery,
    response: BrandPage,
  }),
  brandCreate: def({
    method: 'POST',
    path: '/api/ops/brand/create',
    access: { permission: 'brand.manage' },
    summary: 'Create a brand (multipart: image, logo)',
    body: BrandCreateBody,
    multipart: 'form',
    files: ['image', 'logo'],
    response: BrandResponse,
    status: 201,
  }),
  brandGet: def({
    method: 'GET',
    path: '/api/ops/brand/:id',
    access: 'user',
    summary: 'One brand',
    params: IdParams,
    response: BrandResponse,
  }),
  brandUpdate: def({
    method: 'POST',
    path: '/api/ops/brand/:id/update',
    access: { permission: 'brand.manage' },
    summary: 'Update a brand (multipart: image, logo)',
    params: IdParams,
    body: BrandUpdateBody,
    multipart: 'form',
    files: ['image', 'logo'],
    response: BrandResponse,
  }),
  brandStatus: def({
    method: 'PATCH',
    path: '/api/ops/brand/:id/status/update',
    access: { permission: 'brand.manage' },
    summary: 'Activate or deactivate a brand',
    params: IdParams,
    body: BrandStatusBody,
    response: BrandResponse,
  }),
  brandFaceOfPath: def({
    method: 'GET',
    path: '/api/brand-face',
    access: 'public',
    summary: "The brand a share link's sign-in return path names: its name, logo and accent only",
    query: BrandFaceQuery,
    response: BrandFaceOfPath,
  }),
} as const;
