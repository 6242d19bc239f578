import { type MutableResponse, type MutableToken, OAuth2Server } from "oauth2-mock-server";

/** Who the provider says is signing in: goes into both the id_token and userinfo. */
export interface OidcUser {
  sub: string;
  email: string;
  name: string;
}

export interface OidcProvider {
  issuerUrl: string;
  /** The person the next sign-ins are for. */
  signInAs(user: OidcUser): void;
  stop(): Promise<void>;
}

/**
 * A local OpenID Connect server standing in for Google (which tests cannot
 * reach). Its authorize endpoint approves at once and redirects back with a
 * code, like a user who is already signed in to Google and clicks "Continue".
 */
export async function startOidcProvider(): Promise<OidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  // The mock names itself "localhost"; the address it listens on avoids IPv6 surprises.
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;

  let current: OidcUser = { sub: "nobody", email: "nobody@example.test", name: "Nobody" };
  const claims = () => ({ ...current, email_verified: true });
  server.service.on("beforeTokenSigning", (token: MutableToken) => {
    Object.assign(token.payload, claims());
  });
  server.service.on("beforeUserinfo", (response: MutableResponse) => {
    response.body = claims();
  });

  return {
    issuerUrl: server.issuer.url,
    signInAs: (user) => {
      current = user;
    },
    stop: () => server.stop(),
  };
}
