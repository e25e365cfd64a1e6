import { z } from 'zod';
import { browserSessionField } from './identity.js';

/** Bodies of corporate chat (WeCom-style) login; docs/adr/0014-corporate-chat-login.md. */

export const absoluteHttpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
  .max(2048, 'must be at most 2048 characters')
  .describe('Absolute http(s) URL');

export const corpchatOAuthUrlQuerySchema = z.object({
  redirect_uri: absoluteHttpUrl.describe('Where the provider sends the user back with ?code=…&state=…'),
});

export const corpchatOAuthUrlSchema = z.object({
  oauth_url: z.string().describe("The provider's authorization address to send the user to"),
});

export const corpchatLoginRequestSchema = z.object({
  code: z
    .string()
    .min(1)
    .max(512)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .describe('The authorization code the provider put on the callback'),
  state: z
    .string()
    .min(1)
    .max(128)
    .optional()
    .describe('The state the callback carried; when given it must be one we issued and unexpired'),
  browser_session: browserSessionField,
});

export const corpchatJsConfigRequestSchema = z.object({
  url: absoluteHttpUrl.describe('The page that calls the JS-SDK; any #fragment is ignored'),
});

export const corpchatJsConfigSchema = z.object({
  appId: z.string().describe('The corp id'),
  timestamp: z.number().int().describe('Seconds since the epoch'),
  nonceStr: z.string(),
  signature: z.string().describe('SHA-1 hex of jsapi_ticket=…&noncestr=…&timestamp=…&url=…'),
});
export type CorpchatJsConfig = z.infer<typeof corpchatJsConfigSchema>;
