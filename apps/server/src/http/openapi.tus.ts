import { TUS_PATH, TusMetadata, UploadResult } from '@brandvault/contract';
import type { SchemaComponents } from './openapi.schemas.js';

const header = (name: string, description: string, required = true, type = 'string') => ({
  name,
  in: 'header',
  required,
  description,
  schema: { type },
});
const resumable = header('Tus-Resumable', 'The tus protocol version: 1.0.0');
const said = (description: string, type = 'string') => ({ description, schema: { type } });
const error = {
  description: 'Error',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
};

/**
 * The resumable upload endpoint (tus 1.0, https://tus.io/protocols/resumable-upload), served by
 * the tus server rather than a contract route: create, ask the offset, send bytes, abandon.
 */
export function tusPaths(components: SchemaComponents) {
  const meta = components.convert(TusMetadata, 'input');
  const uploadId = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
  return {
    [TUS_PATH]: {
      post: {
        operationId: 'tusCreate',
        summary: 'Start a resumable upload (tus creation)',
        description:
          'Access: user (one who may create assets in the folder). Upload-Metadata is a comma-separated ' +
          'list of `key base64(value)` pairs with the keys of x-upload-metadata (keywords as a JSON list); ' +
          '`asset_id` makes the upload a new version of that asset.',
        'x-upload-metadata': meta,
        parameters: [
          resumable,
          header('Upload-Length', 'Size of the whole file in bytes', true, 'integer'),
          header('Upload-Metadata', 'File name, brand and folder (or asset), options; see x-upload-metadata'),
        ],
        responses: {
          '201': {
            description: 'Created: continue at Location',
            headers: { Location: said('The upload URL'), 'Tus-Resumable': said('1.0.0') },
          },
          default: error,
        },
      },
      options: {
        operationId: 'tusOptions',
        summary: 'The tus versions, extensions and largest size the server takes',
        security: [],
        responses: {
          '204': {
            description: 'Capabilities',
            headers: {
              'Tus-Version': said('Supported versions'),
              'Tus-Extension': said('Supported extensions'),
              'Tus-Max-Size': said('Largest upload in bytes', 'integer'),
            },
          },
        },
      },
    },
    [`${TUS_PATH}/{id}`]: {
      head: {
        operationId: 'tusOffset',
        summary: 'How many bytes of an upload the server has (to resume)',
        parameters: [uploadId, resumable],
        responses: {
          '200': {
            description: 'The offset',
            headers: {
              'Upload-Offset': said('Bytes received', 'integer'),
              'Upload-Length': said('Size of the whole file', 'integer'),
              'Upload-Metadata': said('The metadata given at creation'),
            },
          },
          '404': { description: 'No such upload (expired or finished)' },
        },
      },
      patch: {
        operationId: 'tusAppend',
        summary: 'Send the next bytes; the last PATCH answers with the upload result',
        parameters: [uploadId, resumable, header('Upload-Offset', 'Where these bytes start', true, 'integer')],
        requestBody: {
          required: true,
          content: { 'application/offset+octet-stream': { schema: { type: 'string', format: 'binary' } } },
        },
        responses: {
          '200': {
            description: 'The file is complete and was stored (or refused, see status)',
            content: { 'application/json': { schema: components.convert(UploadResult, 'output') } },
          },
          '204': { description: 'Bytes stored', headers: { 'Upload-Offset': said('Bytes received', 'integer') } },
          '409': { description: 'Upload-Offset does not match the bytes received' },
          default: error,
        },
      },
      delete: {
        operationId: 'tusTerminate',
        summary: 'Abandon an upload (tus termination)',
        parameters: [uploadId, resumable],
        responses: { '204': { description: 'Abandoned' }, default: error },
      },
    },
  };
}
