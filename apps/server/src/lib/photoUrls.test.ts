import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { providerPhoto, userPhotoUrls } from './photoUrls.js';

const hosts = { provider: 'https://api.provider.test', host: 'https://photos.example.com' };

describe('profile photo addresses', () => {
  it("moves the provider's addresses to the configured host, keeping path and query", () => {
    expect(providerPhoto('https://api.provider.test/a/b.jpg?s=1#x', hosts)).toBe(
      'https://photos.example.com/a/b.jpg?s=1#x',
    );
    expect(providerPhoto('https://photos.example.com/a.jpg', hosts)).toBe('https://photos.example.com/a.jpg');
  });

  it('shows nothing from elsewhere, nothing odd, and nothing without the settings', () => {
    for (const uri of [
      'https://api.provider.test.evil.test/a.jpg',
      'http://api.provider.test/a.jpg',
      'https://user:pw@api.provider.test/a.jpg',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '/relative.jpg',
      '',
    ])
      expect(providerPhoto(uri, hosts), uri).toBeNull();
    expect(providerPhoto('https://api.provider.test/a.jpg', undefined)).toBeNull();
  });

  it('prefers the stored photo and its thumbnail', () => {
    const urls = userPhotoUrls((key) => (key ? `/api/media/${key}` : null), hosts);
    expect(urls({ photo_key: 'avatars/p.webp', photo_thumb_key: 'avatars/t.webp', photo_uri: 'https://x' })).toEqual({
      photo_uri: '/api/media/avatars/p.webp',
      photo_thumb_uri: '/api/media/avatars/t.webp',
    });
  });

  it('takes the two settings together, as origins only', () => {
    const config = loadConfig({
      PROFILE_PHOTO_PROVIDER_HOST: 'https://API.provider.test/',
      PROFILE_PHOTO_HOST: 'https://photos.example.com:8443',
    });
    expect(config.profilePhotoHosts).toEqual({
      provider: 'https://api.provider.test',
      host: 'https://photos.example.com:8443',
    });
    expect(loadConfig({}).profilePhotoHosts).toBeUndefined();
    expect(() => loadConfig({ PROFILE_PHOTO_HOST: 'https://photos.example.com' })).toThrow(/go together/);
    expect(() =>
      loadConfig({ PROFILE_PHOTO_PROVIDER_HOST: 'https://a.test/v1', PROFILE_PHOTO_HOST: 'https://b.test' }),
    ).toThrow(/origin/);
  });
});
