import { describe, expect, it } from 'vitest';
import { previewOf } from './previews.js';

describe('previewOf', () => {
  it.each([
    ['application/pdf', 'r.pdf', 'pdf', 'application/pdf'],
    ['IMAGE/PNG', 'p', 'image', 'image/png'],
    ['text/markdown; charset=utf-8', 'n.md', 'text', 'text/plain; charset=utf-8'],
    ['application/octet-stream', 'photo.JPG', 'image', 'image/jpeg'],
  ])('%s (%s) previews as %s', (type, name, kind, contentType) => {
    expect(previewOf(type, name)).toEqual({ kind, contentType });
  });

  it.each([
    ['image/svg+xml', 'x.svg'],
    ['text/html', 'x.html'],
    ['application/octet-stream', 'x.svg'],
    ['application/octet-stream', 'x.html'],
    // A declared type wins over a misleading extension.
    ['text/html', 'x.txt'],
  ])('%s (%s) is download only', (type, name) => {
    expect(previewOf(type, name)).toBeNull();
  });
});
