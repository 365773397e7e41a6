export const clientId: string;
export interface OidcProvider {
  issuer: string;
  ca: string;
  stop(): Promise<void>;
  restart(): Promise<OidcProvider>;
  idToken(accountId: string): Promise<string>;
}
export function startOidcProvider(accounts: Record<string, Record<string, unknown>>, options?: { port?: number }): Promise<OidcProvider>;
