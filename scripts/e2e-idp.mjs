// A real OpenID Connect provider for the browser tests (oidc-provider with its development login and
// consent screens): "Continue with Google" in the e2e server goes here. Any login name is accepted;
// its email is the login itself when it contains "@", else <login>@example.com.
import http from 'node:http';
import Provider from 'oidc-provider';

export const E2E_OIDC_CLIENT = { id: 'adwuma-e2e', secret: 'adwuma-e2e-client-secret-not-for-production' };

export async function startIdp({ port, appUrl }) {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: E2E_OIDC_CLIENT.id,
        client_secret: E2E_OIDC_CLIENT.secret,
        redirect_uris: [`${appUrl}/api/auth/callback/google`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['adwuma-e2e-idp-cookie-key'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => {
        const email = sub.includes('@') ? sub : `${sub}@example.com`;
        return { sub, email, email_verified: true, name: email.split('@')[0].replace(/[._-]+/g, ' ') };
      },
    }),
  });
  const server = http.createServer(provider.callback());
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { issuer, close: () => new Promise((resolve) => server.close(resolve)) };
}
