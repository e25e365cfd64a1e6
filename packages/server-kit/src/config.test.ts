import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { booleanFlagSchema, ConfigError, parseConfig, portSchema, trustProxySchema } from './config.js';

const schema = z.object({
  PORT: portSchema(8080),
  SECRET: z.string().min(8),
  FLAG: booleanFlagSchema(false),
  URL: z.url().optional(),
});

describe('parseConfig', () => {
  it('applies defaults and coerces values', () => {
    expect(parseConfig(schema, { SECRET: 'abcdefgh', FLAG: 'yes' })).toEqual({
      PORT: 8080,
      SECRET: 'abcdefgh',
      FLAG: true,
    });
  });

  it('treats empty values as unset', () => {
    expect(parseConfig(schema, { SECRET: 'abcdefgh', PORT: '', URL: '  ' }).PORT).toBe(8080);
  });

  it('lists every problem at once', () => {
    try {
      parseConfig(schema, { PORT: '99999', FLAG: 'maybe', URL: 'not a url' });
      expect.unreachable('should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'SECRET', 'FLAG', 'URL']) expect(problems).toContain(name);
      expect((error as ConfigError).problems).toHaveLength(4);
    }
  });
});

describe('trustProxySchema', () => {
  const parse = (value?: string) =>
    parseConfig(z.object({ TRUST_PROXY: trustProxySchema }), { TRUST_PROXY: value });

  it('reads off, one hop, a hop count and a list of proxies', () => {
    expect(parse().TRUST_PROXY).toBe(false);
    expect(parse('false').TRUST_PROXY).toBe(false);
    expect(parse('0').TRUST_PROXY).toBe(false);
    // `true` means the one proxy in front, never "believe the whole header".
    expect(parse('true').TRUST_PROXY).toBe(1);
    expect(parse('3').TRUST_PROXY).toBe(3);
    expect(parse('10.0.0.5, 10.1.0.0/16, ::1, fd00::/8, loopback').TRUST_PROXY).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each([
    ['maybe'],
    ['300.1.1.1'],
    ['10.0.0.0/33'],
    ['::1/129'],
    ['10.0.0.1/8/1'],
    ['17'],
    ['10.0.0.1, proxy.example'],
  ])('refuses %s at start', (value) => {
    expect(() => parse(value)).toThrow(/TRUST_PROXY: must be true\/false|TRUST_PROXY: a hop count/);
  });
});
