import { AppError, type CorpchatJsConfig } from '@faraday/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { CorpchatConfig } from '../../config.js';
import { retryTransient } from '../../db/transient-errors.js';
import type { IdentityContext } from '../identity-context.js';
import { type StartedSession, startSession } from '../sessions.js';
import { CorpchatClient, type CorpchatProfile, ProviderError } from './corpchat.client.js';
import { checkCorpchatConfig, notConfigured, type ReadyCorpchatConfig } from './corpchat.settings.js';
import { type CorpchatPerson, syncCorpchatAccount } from './corpchat-accounts.js';
import { DevCorpchatProvider } from './dev-provider.js';
import { jsApiSignature, newNonceStr } from './js-signature.js';
import { OAuthStateSigner } from './oauth-state.js';

/**
 * The three corporate chat use cases. Not configured, every one answers 503 naming the missing
 * settings in production; outside production the authorization URL and the code login use the
 * built-in development provider instead, so the whole flow can be tried on a fresh machine.
 */
export class CorpchatLogin {
  private readonly setup: { config: ReadyCorpchatConfig; client: CorpchatClient } | { missing: string[] };
  private readonly states: OAuthStateSigner;
  /** Set when the development provider stands in for an unconfigured one. */
  readonly devProvider: DevCorpchatProvider | undefined;

  constructor(
    private readonly ctx: IdentityContext,
    config: CorpchatConfig,
    jwtSecret: string,
    isProduction: boolean,
  ) {
    const checked = checkCorpchatConfig(config);
    this.setup =
      'ready' in checked ? { config: checked.ready, client: new CorpchatClient(checked.ready) } : checked;
    this.states = new OAuthStateSigner(jwtSecret);
    // Only when nothing is set: a half-configured application is a mistake to report, not to cover.
    const unset = 'missing' in checked && checked.missing.length === 3;
    this.devProvider = unset && !isProduction ? new DevCorpchatProvider(jwtSecret) : undefined;
  }

  /** Throws 400 VALIDATION_ERROR unless the state is one this backend issued, unexpired. */
  assertState(state: string): void {
    this.states.assertValid(state);
  }

  /**
   * The provider's authorization address, parameters in the provider's documented order; the
   * development provider's page on this server (at `origin`) when that stands in.
   */
  oauthUrl(redirectUri: string, origin: string): string {
    if (this.devProvider) return this.devProvider.authorizeUrl(origin, redirectUri, this.states.issue());
    const { config } = this.ready();
    const query = [
      ['appid', config.corpId],
      ['redirect_uri', redirectUri],
      ['response_type', 'code'],
      ['scope', config.scope],
      ['state', this.states.issue()],
      ['agentid', config.agentId],
    ]
      .map(([key, value]) => `${key}=${encodeURIComponent(value!)}`)
      .join('&');
    return `${config.oauthBaseUrl}/connect/oauth2/authorize?${query}#wechat_redirect`;
  }

  /**
   * Check the state (when the client passed it on), exchange the code for the member's userid,
   * read their profile, find or create their account, refuse a disabled one, issue a token.
   */
  async login(
    request: { code: string; state?: string | undefined; browser_session?: boolean },
    log: FastifyBaseLogger,
  ): Promise<StartedSession> {
    const browser = request.browser_session === true;
    if (this.devProvider) {
      if (request.state !== undefined) this.states.assertValid(request.state);
      return this.signIn(this.devProvider.memberOf(request.code), browser);
    }
    const { client } = this.ready();
    if (request.state !== undefined) this.states.assertValid(request.state);
    const identity = await client.identify(request.code);
    if (!identity.member) {
      throw new AppError(
        'UNAUTHORIZED',
        'Only members of the organisation can sign in with corporate chat; this account is not one',
      );
    }
    const person: CorpchatPerson = {
      userid: identity.userid,
      ...(await this.profileOf(client, identity.userid, log)),
    };
    return this.signIn(person, browser);
  }

  /** Find or create the member's account, refuse a disabled one, issue a token. */
  private async signIn(person: CorpchatPerson, browser: boolean): Promise<StartedSession> {
    const user = await syncCorpchatAccount(this.ctx, person);
    if (Number(user.disabled) === 1) {
      throw new AppError(
        'INVALID_CREDENTIALS',
        'This account is disabled; ask an administrator to enable it',
      );
    }
    // Simultaneous sessions of one user can deadlock on MySQL (token insert vs last_login update):
    // the loser was rolled back whole, so it simply runs again.
    return retryTransient(() =>
      startSession(this.ctx, user, { name: user.name, corpchat_user_id: person.userid }, browser),
    );
  }

  /** wx.config parameters for a page: the corp id, a fresh nonce and timestamp, and their signature. */
  async jsConfig(url: string): Promise<CorpchatJsConfig> {
    const { config, client } = this.ready();
    const ticket = await client.jsapiTicket();
    const nonceStr = newNonceStr();
    const timestamp = Math.floor(Date.now() / 1000);
    return {
      appId: config.corpId,
      timestamp,
      nonceStr,
      signature: jsApiSignature({ ticket, nonceStr, timestamp, url }),
    };
  }

  /**
   * The member's profile. The code already proved who they are, so a provider that refuses the
   * lookup (say, the member is outside the app's contact scope) does not block the login: the
   * account keeps, or starts with, what we know. A provider that is down or slow still fails it.
   */
  private async profileOf(
    client: CorpchatClient,
    userid: string,
    log: FastifyBaseLogger,
  ): Promise<CorpchatProfile> {
    try {
      return await client.profile(userid);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      log.warn(
        { errcode: error.errcode, errmsg: error.errmsg },
        'corporate chat profile lookup refused; signing in without it',
      );
      return { name: undefined, email: undefined };
    }
  }

  private ready(): { config: ReadyCorpchatConfig; client: CorpchatClient } {
    if ('missing' in this.setup) throw notConfigured(this.setup.missing);
    return this.setup;
  }
}
