import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { booleanFlagSchema, ConfigError, parseConfig, portSchema } from './config.js';

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
